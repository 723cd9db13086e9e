package dev.ids.node.process;

import dev.ids.node.LeaseHolder;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The child process of {@link ProvablyEndedAcrossNamespacesTest}. {@code hold} prints {@code HOLDER <id> pid=<pid>}
 * for a new holder of this process, then runs until its standard input closes (at most two minutes, so that a lost
 * child ends anyway); {@code check <holder>} prints {@code ENDED <true|false> pid=<pid>}, what this process can prove
 * about that holder, and ends.
 */
public final class HolderProbe {

    private HolderProbe() {
    }

    /**
     * Runs the probe.
     *
     * @param args {@code hold}, or {@code check} and a holder id
     * @throws IOException when standard input fails
     * @throws InterruptedException when interrupted
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        long pid = ProcessHandle.current().pid();
        if (args[0].equals("hold")) {
            System.out.println("HOLDER " + LeaseHolder.ofThisProcess() + " pid=" + pid);
            Thread reader = new Thread(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // until the test closes our input
                    }
                } catch (IOException e) {
                    // closed
                }
            });
            reader.setDaemon(true);
            reader.start();
            reader.join(TimeUnit.MINUTES.toMillis(2));
        } else {
            System.out.println("ENDED " + LeaseHolder.parse(args[1]).isProvablyEnded() + " pid=" + pid);
        }
    }
}
