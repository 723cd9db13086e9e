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
    private static SecureRandom seeder() throws Exception {
        SecureRandom seeder = SecureRandom.getInstance("SHA1PRNG");
        seeder.setSeed(42L);
        return seeder;
    }

    /** The AES-256-CTR keystream for key || iv (48 bytes), computed with a separate cipher. */
    private static byte[] keystream(byte[] keyAndIv, int length) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/CTR/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keyAndIv, 0, 32, "AES"),
                new IvParameterSpec(keyAndIv, 32, 16));
        return cipher.doFinal(new byte[length]);
    }

    @Test
    void outputIsTheAesCtrKeystreamAndTheKeyIsReplacedAfter64KiB() throws Exception {
        SecureRandom expectedSeeder = seeder();
        byte[] firstSeed = new byte[48];
        expectedSeeder.nextBytes(firstSeed);
        byte[] firstStream = keystream(firstSeed, AesCtrRandom.REKEY_BYTES + 48);
        byte[] secondSeed = Arrays.copyOfRange(firstStream, AesCtrRandom.REKEY_BYTES, AesCtrRandom.REKEY_BYTES + 48);
        byte[] fresh = new byte[48];
        expectedSeeder.nextBytes(fresh);
        for (int i = 0; i < 48; i++) {
            secondSeed[i] ^= fresh[i];
        }
        byte[] secondStream = keystream(secondSeed, 1000);

        AesCtrRandom random = new AesCtrRandom(seeder());
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

        assertThat(Arrays.copyOfRange(out, 0, AesCtrRandom.REKEY_BYTES))
                .isEqualTo(Arrays.copyOfRange(firstStream, 0, AesCtrRandom.REKEY_BYTES));
        assertThat(Arrays.copyOfRange(out, AesCtrRandom.REKEY_BYTES, out.length)).isEqualTo(secondStream);
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
        java.util.random.RandomGenerator source = GidGenerator.newThreadSource("NoSuchCipher/CTR/NoPadding");

        assertThat(source).isInstanceOf(SecureRandom.class).isNotInstanceOf(AesCtrRandom.class);
        assertThat(((SecureRandom) source).getAlgorithm()).isEqualTo("DRBG");
        assertThat(source.nextLong()).isNotEqualTo(source.nextLong());
    }

    @Test
    void withAesCtrTheDefaultSourceIsAesCtr() {
        assertThat(GidGenerator.newThreadSource(AesCtrRandom.TRANSFORMATION)).isInstanceOf(AesCtrRandom.class);
    }
}
