package dev.ids.benchmarks;

import java.util.Arrays;

/**
 * One string race of {@link CodecCpuTime} alone, a given number of times, for counting the instructions a call
 * executes: a count does not depend on what else the machine is doing, so the ratio of two counts holds on a machine
 * whose wall-clock and CPU-time ratios move by more than the codecs differ. {@code count-instructions.sh} runs it
 * under valgrind's callgrind twice for each race, with two rounds and with four after the same warm-up, and divides
 * the difference by the calls it adds; the JVM's start, the warm-up and the compilations cancel out.
 *
 * <pre>
 * java -Xbatch -cp id-benchmarks/target/benchmarks.jar dev.ids.benchmarks.CodecInstructions muidParse 4
 * </pre>
 *
 * <p>An instruction count is not a time: a cache miss or a long dependency chain costs time that no count shows. It
 * tells which of two ways of doing the same work does less of it, and the JMH figures stay the published ones.
 */
public final class CodecInstructions {

    private static final int WARM_UP_ROUNDS = 3;

    private CodecInstructions() {
    }

    /**
     * Runs the warm-up and then the measured rounds of one race.
     *
     * @param args the race's name (as in {@link CodecCpuTime}'s table) and the number of measured rounds
     */
    public static void main(String[] args) {
        if (args.length != 2 || !args[1].matches("[0-9]{1,3}")) {
            throw new IllegalArgumentException("usage: CodecInstructions RACE ROUNDS, RACE one of "
                    + String.join(", ", CodecCpuTime.NAMES));
        }
        int race = Arrays.asList(CodecCpuTime.NAMES).indexOf(args[0]);
        if (race < 0) {
            throw new IllegalArgumentException("no race named '" + args[0].replaceAll("[^A-Za-z0-9]", "?")
                    + "'; races: " + String.join(", ", CodecCpuTime.NAMES));
        }
        CodecCpuTime races = new CodecCpuTime();
        int rounds = WARM_UP_ROUNDS + Integer.parseInt(args[1]);
        for (int round = 0; round < rounds; round++) {
            races.run(race);
        }
    }
}
