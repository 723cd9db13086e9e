package dev.ids.gid;

import dev.ids.internal.BigEndian;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A cryptographically secure random generator: the AES-256-CTR keystream under a key from {@link SecureRandom},
 * with fast key erasure, in the manner of the generate function of NIST SP 800-90A's CTR_DRBG; the JDK runs AES-CTR
 * with AES-NI intrinsics, about a nanosecond per GID, where its own {@code DRBG} (Hash_DRBG over SHA-256) costs
 * some fifty.
 *
 * <p>After every {@value #REKEY_BYTES} bytes of output the key and counter are replaced by the next 48 keystream
 * bytes XOR 48 fresh bytes of the shared system {@code SecureRandom}: the replaced key is not recoverable from
 * the live state, so output already handed out cannot be recomputed from it (backtracking resistance), and fresh
 * entropy from the operating system enters regularly. A VM snapshot that is restored more than once (VM cloning,
 * CRaC, SnapStart) restores the same state in every copy, which then hand out the same bytes until their next
 * rekey. Not thread-safe: its user serialises the calls (a stripe of {@link RandomStripes} under its lock).
 */
final class AesCtrRandom implements RandomGenerator {

    /** Output between rekeys: 64 KiB, about 7,000 GIDs. */
    static final int REKEY_BYTES = 1 << 16;

    /** The JCE transformation this generator runs. */
    static final String TRANSFORMATION = "AES/CTR/NoPadding";

    private static final int KEY_BYTES = 32;
    private static final int SEED_BYTES = KEY_BYTES + 16;

    private final SecureRandom seeder;
    private final Cipher cipher;
    private final byte[] seed = new byte[SEED_BYTES];
    private final byte[] fresh = new byte[SEED_BYTES];
    private final byte[] scratch = new byte[8];
    /** Zeros to encrypt: the ciphertext of zeros is the keystream. Grows to the largest request. */
    private byte[] zeros = new byte[640];
    private int sinceRekey;

    /**
     * Creates a generator keyed from the given seeding source.
     *
     * @param seeder the system {@code SecureRandom}, shared; called once per {@value #REKEY_BYTES} bytes
     * @throws GeneralSecurityException when the JDK offers no AES-CTR
     */
    AesCtrRandom(SecureRandom seeder) throws GeneralSecurityException {
        this(seeder, TRANSFORMATION);
    }

    /** For tests: with another cipher transformation, to see how a JVM without AES-CTR fares. */
    AesCtrRandom(SecureRandom seeder, String transformation) throws GeneralSecurityException {
        this.seeder = seeder;
        this.cipher = Cipher.getInstance(transformation);
        seeder.nextBytes(seed);
        init();
    }

    @Override
    public void nextBytes(byte[] bytes) {
        int done = 0;
        while (done < bytes.length) {
            int chunk = Math.min(bytes.length - done, REKEY_BYTES - sinceRekey);
            keystream(bytes, done, chunk);
            done += chunk;
            sinceRekey += chunk;
            if (sinceRekey == REKEY_BYTES) {
                rekey();
            }
        }
    }

    /**
     * Tells whether the next {@code length} bytes come from the keystream alone, with no rekey and so no draw from
     * the system {@code SecureRandom} (which may read the operating system): a draw that cannot block.
     *
     * @param length how many bytes would be drawn
     * @return {@code true} when drawing them needs no fresh system randomness
     */
    boolean drawsWithoutSeeding(int length) {
        return sinceRekey + length < REKEY_BYTES;
    }

    @Override
    public long nextLong() {
        nextBytes(scratch);
        return BigEndian.read(scratch, 0);
    }

    private void keystream(byte[] out, int offset, int length) {
        if (zeros.length < length) {
            zeros = new byte[Math.min(Math.max(length, 2 * zeros.length), REKEY_BYTES)];
        }
        try {
            int written = cipher.update(zeros, 0, length, out, offset);
            if (written != length) {
                throw new IllegalStateException("AES-CTR returned " + written + " of " + length + " bytes");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-CTR keystream failed", e);
        }
    }

    private void rekey() {
        keystream(seed, 0, SEED_BYTES);
        seeder.nextBytes(fresh);
        for (int i = 0; i < SEED_BYTES; i++) {
            seed[i] ^= fresh[i];
        }
        Arrays.fill(fresh, (byte) 0);
        try {
            init();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Cannot re-key AES-CTR, which was keyed before", e);
        }
        sinceRekey = 0;
    }

    /** Keys the cipher from the seed and erases the seed; throws when this JVM's policy refuses AES-256. */
    private void init() throws GeneralSecurityException {
        try {
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(seed, 0, KEY_BYTES, "AES"),
                    new IvParameterSpec(seed, KEY_BYTES, SEED_BYTES - KEY_BYTES));
        } finally {
            Arrays.fill(seed, (byte) 0);
        }
    }
}
