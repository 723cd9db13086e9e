package dev.ids.etcd;

import io.etcd.jetcd.ClientBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;

/**
 * A certificate authority of a test's own and two certificates it signed, one for an etcd server on 127.0.0.1 and
 * one for a client, as PEM files in a folder: made with the JDK's {@code keytool}, so that the TLS tests need nothing
 * beyond the JDK and etcd. The private keys are written as PKCS#8 PEM, which both etcd and Netty read.
 *
 * @param ca the authority's certificate
 * @param serverCertificate the server's certificate, for 127.0.0.1 and localhost
 * @param serverKey the server's private key
 * @param clientCertificate the client's certificate
 * @param clientKey the client's private key
 */
record TestCertificates(Path ca, Path serverCertificate, Path serverKey, Path clientCertificate, Path clientKey) {

    private static final String PASSWORD = "ids-test";

    /**
     * Makes the authority and both certificates in a folder.
     *
     * @param dir where the files go
     * @return the files
     */
    static TestCertificates in(Path dir) throws IOException, InterruptedException, GeneralSecurityException {
        Path ca = dir.resolve("ca.p12");
        keytool(dir, "-genkeypair", "-keystore", ca.toString(), "-alias", "ca", "-dname", "CN=ids-test-ca",
                "-ext", "bc:c", "-ext", "ku:c=keyCertSign,cRLSign");
        keytool(dir, "-exportcert", "-keystore", ca.toString(), "-alias", "ca", "-rfc", "-file",
                dir.resolve("ca.pem").toString());
        signed(dir, "server", "CN=127.0.0.1", "san=ip:127.0.0.1,dns:localhost", "eku=serverAuth,clientAuth");
        signed(dir, "client", "CN=ids", null, "eku=clientAuth");
        return new TestCertificates(dir.resolve("ca.pem"), dir.resolve("server.pem"), dir.resolve("server-key.pem"),
                dir.resolve("client.pem"), dir.resolve("client-key.pem"));
    }

    /** A key pair whose certificate the authority signs, written as {@code <name>.pem} and {@code <name>-key.pem}. */
    private static void signed(Path dir, String name, String subject, String san, String eku)
            throws IOException, InterruptedException, GeneralSecurityException {
        Path store = dir.resolve(name + ".p12");
        keytool(dir, "-genkeypair", "-keystore", store.toString(), "-alias", name, "-dname", subject);
        Path request = dir.resolve(name + ".csr");
        keytool(dir, "-certreq", "-keystore", store.toString(), "-alias", name, "-file", request.toString());
        List<String> sign = new ArrayList<>(List.of("-gencert", "-keystore", dir.resolve("ca.p12").toString(),
                "-alias", "ca", "-infile", request.toString(), "-outfile", dir.resolve(name + ".pem").toString(),
                "-rfc", "-ext", "ku=digitalSignature,keyEncipherment", "-ext", eku));
        if (san != null) {
            sign.addAll(List.of("-ext", san));
        }
        keytool(dir, sign.toArray(String[]::new));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        PrivateKey key = (PrivateKey) keys.getKey(name, PASSWORD.toCharArray());
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(key.getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        Files.writeString(dir.resolve(name + "-key.pem"), pem);
    }

    private static void keytool(Path dir, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString(), "-noprompt", "-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD));
        command.addAll(List.of(arguments));
        if (arguments[0].equals("-genkeypair")) {
            command.addAll(List.of("-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2"));
        }
        if (arguments[0].equals("-gencert")) {
            command.addAll(List.of("-validity", "2"));
        }
        Process keytool = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException(command + " failed: " + output);
        }
    }

    /** Sets a jetcd client builder to trust the authority and, when asked, present the client certificate. */
    ClientBuilder clientTls(ClientBuilder builder, boolean withClientCertificate) {
        try {
            return builder.sslContext(tls -> {
                tls.trustManager(ca.toFile());
                if (withClientCertificate) {
                    tls.keyManager(clientCertificate.toFile(), clientKey.toFile());
                }
            });
        } catch (SSLException e) {
            throw new IllegalStateException(e);
        }
    }
}
