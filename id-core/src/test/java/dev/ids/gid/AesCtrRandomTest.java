package dev.ids.gid;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class AesCtrRandomTest {

    /** A seeding source that repeats: SHA1PRNG seeded before its first use is deterministic. */
    static SecureRandom seeder(long seed) throws Exception {
        SecureRandom seeder = SecureRandom.getInstance("SHA1PRNG");
        seeder.setSeed(seed);
        return seeder;
    }

    /** The AES-256-CTR keystream for key || iv (48 bytes), computed with a separate cipher. */
    private static byte[] keystream(byte[] keyAndIv, int length) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keyAndIv, 0, 32, "AES"),
                new IvParameterSpec(keyAndIv, 32, 16));
        return cipher.doFinal(new byte[length]);
    }

    /**
     * What an {@link AesCtrRandom} seeded from {@link #seeder(long)} must output, computed with separate ciphers:
     * the keystream under the first 48 seeder bytes, then, after 64 KiB, the keystream under the next 48 keystream
     * bytes XOR the next 48 seeder bytes.
     */
    static byte[] expectedOutput(long seed, int length) throws Exception {
        if (length > 2 * AesCtrRandom.REKEY_BYTES) {
            throw new IllegalArgumentException("covers one rekey only");
        }
        SecureRandom expectedSeeder = seeder(seed);
        byte[] firstSeed = new byte[48];
        expectedSeeder.nextBytes(firstSeed);
        byte[] firstStream = keystream(firstSeed, AesCtrRandom.REKEY_BYTES + 48);
        byte[] secondSeed = Arrays.copyOfRange(firstStream, AesCtrRandom.REKEY_BYTES, AesCtrRandom.REKEY_BYTES + 48);
        byte[] fresh = new byte[48];
        expectedSeeder.nextBytes(fresh);
        for (int i = 0; i < 48; i++) {
            secondSeed[i] ^= fresh[i];
        }
        byte[] out = Arrays.copyOf(firstStream, length);
        if (length > AesCtrRandom.REKEY_BYTES) {
            byte[] secondStream = keystream(secondSeed, length - AesCtrRandom.REKEY_BYTES);
            System.arraycopy(secondStream, 0, out, AesCtrRandom.REKEY_BYTES, secondStream.length);
        }
        return out;
    }

    @Test
    void outputIsTheAesCtrKeystreamAndTheKeyIsReplacedAfter64KiB() throws Exception {
        byte[] expected = expectedOutput(42L, AesCtrRandom.REKEY_BYTES + 1000);

        AesCtrRandom random = new AesCtrRandom(seeder(42L));
        byte[] out = new byte[AesCtrRandom.REKEY_BYTES + 1000];
        // Odd request sizes, one straddling the rekey.
        int done = 0;
        for (int size : new int[] {9, 576, 65_000, 600, 351}) {
            byte[] chunk = new byte[size];
            random.nextBytes(chunk);
            System.arraycopy(chunk, 0, out, done, size);
            done += size;
        }
        assertThat(done).isEqualTo(out.length);

        assertThat(out).isEqualTo(expected);
    }

    @Test
    void sourcesSeededDifferentlyDiffer() throws Exception {
        SecureRandom seeder = new SecureRandom();
        Set<Long> firsts = new HashSet<>();
        for (int i = 0; i < 100; i++) {
            firsts.add(new AesCtrRandom(seeder).nextLong());
        }
        assertThat(firsts).hasSize(100);
    }

    @Test
    void withoutAesCtrTheDefaultSourceFallsBackToTheJdkDrbg() {
        java.util.random.RandomGenerator source = RandomStripes.defaultSource("NoSuchCipher/CTR/NoPadding");

        assertThat(source).isInstanceOf(SecureRandom.class).isNotInstanceOf(AesCtrRandom.class);
        assertThat(((SecureRandom) source).getAlgorithm()).isEqualTo("DRBG");
        assertThat(source.nextLong()).isNotEqualTo(source.nextLong());
    }

    @Test
    void withAesCtrTheDefaultSourceIsAesCtr() {
        assertThat(RandomStripes.defaultSource(AesCtrRandom.TRANSFORMATION)).isInstanceOf(AesCtrRandom.class);
    }
}
