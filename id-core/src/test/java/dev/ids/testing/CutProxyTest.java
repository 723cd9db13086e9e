package dev.ids.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy the outage tests cut, in front of an echo server: what each of its states does to a connection. */
class CutProxyTest {

    /** How long a read waits to show that nothing comes. */
    private static final int SILENCE_MILLIS = 300;

    private ServerSocket echo;
    private CutProxy proxy;

    @BeforeEach
    void start() throws IOException {
        echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::serveEcho, "echo");
        acceptor.setDaemon(true);
        acceptor.start();
        proxy = new CutProxy(echo.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        echo.close();
    }

    @Test
    void forwardsBothWays() throws IOException {
        try (Socket socket = connect()) {
            assertThat(echo(socket, 'a')).isEqualTo('a');
        }
    }

    @Test
    void aHangStallsOpenAndNewConnectionsUntilRestoredThenTheyGoOn() throws IOException {
        try (Socket open = connect()) {
            assertThat(echo(open, 'a')).isEqualTo('a');
            proxy.hang();
            send(open, 'b');
            try (Socket late = connect()) {
                send(late, 'c');
                assertThatThrownBy(() -> read(open)).isInstanceOf(SocketTimeoutException.class);
                assertThatThrownBy(() -> read(late)).isInstanceOf(SocketTimeoutException.class);

                proxy.restore();
                assertThat(readSoon(open)).isEqualTo('b');
                assertThat(readSoon(late)).isEqualTo('c');
            }
        }
    }

    @Test
    void restoringNewConnectionsOnlyLeavesTheHungOnesHungForGood() throws IOException {
        try (Socket open = connect()) {
            assertThat(echo(open, 'a')).isEqualTo('a');
            proxy.hang();
            send(open, 'b');
            proxy.restoreNewConnections();
            try (Socket fresh = connect()) {
                assertThat(echo(fresh, 'c')).isEqualTo('c');
            }
            assertThatThrownBy(() -> read(open)).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void aRefusalResetsOpenConnectionsAndRefusesNewOnesUntilRestored() throws IOException {
        try (Socket open = connect()) {
            assertThat(echo(open, 'a')).isEqualTo('a');
            proxy.refuse();
            assertThatThrownBy(() -> echo(open, 'b')).isInstanceOf(IOException.class);
            assertThatThrownBy(this::connect).isInstanceOf(ConnectException.class);
        }
        proxy.restore();
        try (Socket socket = connect()) {
            assertThat(echo(socket, 'd')).isEqualTo('d');
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
        socket.setSoTimeout(SILENCE_MILLIS);
        return socket;
    }

    private static char echo(Socket socket, char c) throws IOException {
        send(socket, c);
        return readSoon(socket);
    }

    /** Reads what must come: waits far longer than for silence, as the proxy's threads may take a moment. */
    private static char readSoon(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        try {
            return read(socket);
        } finally {
            socket.setSoTimeout(SILENCE_MILLIS);
        }
    }

    private static void send(Socket socket, char c) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(c);
        out.flush();
    }

    private static char read(Socket socket) throws IOException {
        int b = socket.getInputStream().read();
        if (b < 0) {
            throw new IOException("the connection was closed");
        }
        return (char) b;
    }

    private void serveEcho() {
        try {
            while (true) {
                Socket client = echo.accept();
                Thread thread = new Thread(() -> copy(client), "echo-client");
                thread.setDaemon(true);
                thread.start();
            }
        } catch (IOException closed) {
            // the test ended
        }
    }

    private static void copy(Socket client) {
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            for (int b; (b = in.read()) >= 0; ) {
                out.write(b);
                out.flush();
            }
        } catch (IOException ignored) {
            // the client went away
        }
    }
}
