package dev.ids.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A TCP proxy on a loopback port (or another local address) in front of a local server, which a test cuts the way
 * networks fail: it forwards, {@linkplain #hang() hangs} (a partition: bytes stop moving on open connections, and
 * new ones are accepted but go nowhere), {@linkplain #refuse() refuses} (the server is gone: new connections are
 * refused, open ones reset), and is {@linkplain #restore() restored}, after which hung connections carry on where
 * they stopped.
 */
public final class CutProxy implements AutoCloseable {

    private enum State { FORWARD, HANG, REFUSE }

    private final InetAddress address;
    private final int target;
    private final int port;
    /** Guards the state, the listening socket and the open sockets; waited on while hung. */
    private final Object lock = new Object();
    private final List<Socket> open = new ArrayList<>();
    /** Connections left hung for good by {@link #restoreNewConnections()}: identity, not equality, matters. */
    private final Set<Socket> lost = Collections.newSetFromMap(new IdentityHashMap<>());
    private State state = State.FORWARD;
    private ServerSocket server;
    /** The thread accepting on {@link #server}. */
    private Thread acceptor;
    private boolean closed;

    /**
     * Starts forwarding from a free loopback port to a port on the loopback address.
     *
     * @param targetPort the server's port, on 127.0.0.1
     * @throws IOException when no port can be opened
     */
    public CutProxy(int targetPort) throws IOException {
        this(InetAddress.getLoopbackAddress(), targetPort);
    }

    /**
     * Starts forwarding from a free port of the given local address to a port on the loopback address: a client in
     * a network namespace of its own reaches a local server through the address of its link's end here.
     *
     * @param address the local address to listen on
     * @param targetPort the server's port, on 127.0.0.1
     * @throws IOException when no port can be opened
     */
    public CutProxy(InetAddress address, int targetPort) throws IOException {
        this.address = address;
        this.target = targetPort;
        ServerSocket first = listen(0);
        this.port = first.getLocalPort();
        synchronized (lock) {
            server = first;
            acceptor = daemon("cut-proxy-accept", () -> accept(first));
        }
    }

    /**
     * Returns the port clients connect to.
     *
     * @return the proxy's port, on 127.0.0.1 unless another address was given
     */
    public int port() {
        return port;
    }

    /** Stops every byte: open connections stall, new ones are accepted but never reach the server. */
    public void hang() {
        synchronized (lock) {
            state = State.HANG;
        }
    }

    /**
     * Refuses: the port stops listening, so new connections fail at once, and open connections are reset, as when
     * the server's host is up but the server is not.
     */
    public void refuse() {
        stopListening(false);
    }

    /**
     * Forwards again: hung connections go on with the bytes they held, and the port listens again after a refusal.
     *
     * @throws IOException when the port cannot be opened again (another process took it meanwhile)
     */
    public void restore() throws IOException {
        synchronized (lock) {
            if (closed) {
                return;
            }
            if (server == null) {
                ServerSocket reopened = listen(port);
                server = reopened;
                acceptor = daemon("cut-proxy-accept", () -> accept(reopened));
            }
            state = State.FORWARD;
            lock.notifyAll();
        }
    }

    /**
     * Forwards new connections again but leaves every connection open now hung for good, as when a firewall or NAT
     * in between lost their state: their clients wait until a timeout of their own gives up.
     *
     * @throws IOException when the port cannot be opened again (another process took it meanwhile)
     */
    public void restoreNewConnections() throws IOException {
        synchronized (lock) {
            lost.addAll(open);
        }
        restore();
    }

    /** Stops listening and resets every open connection. */
    @Override
    public void close() {
        stopListening(true);
    }

    private void stopListening(boolean forGood) {
        Thread stopping;
        synchronized (lock) {
            closed |= forGood;
            state = State.REFUSE;
            closeQuietly(server);
            server = null;
            stopping = acceptor;
            open.forEach(CutProxy::reset);
            open.clear();
            lost.clear();
            lock.notifyAll();
        }
        awaitEnd(stopping);
    }

    private ServerSocket listen(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true); // the same port again after a refusal, despite connections in TIME_WAIT
        socket.bind(new InetSocketAddress(address, port), 50);
        return socket;
    }

    private void accept(ServerSocket listening) {
        try {
            while (true) {
                Socket client = listening.accept();
                daemon("cut-proxy-connect", () -> connect(client));
            }
        } catch (IOException stopped) {
            // refused or closed: this listening socket is done
        }
    }

    /** Connects an accepted client to the server once forwarding; resets it if refused first. */
    private void connect(Socket client) {
        if (!register(client) || !awaitForwarding(client)) {
            reset(client);
            return;
        }
        Socket upstream;
        try {
            upstream = new Socket(InetAddress.getLoopbackAddress(), target);
        } catch (IOException e) {
            reset(client);
            return;
        }
        if (!register(upstream)) {
            reset(client);
            reset(upstream);
            return;
        }
        daemon("cut-proxy-pump", () -> pump(client, upstream));
        pump(upstream, client);
    }

    /** Copies bytes one way; each read waits, before it is passed on, until the proxy forwards. */
    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (!awaitForwarding(from)) {
                    break;
                }
                out.write(buffer, 0, n);
                out.flush();
            }
            // An orderly end on one side ends the other: the proxy holds no half-open connections.
            closeQuietly(to);
            closeQuietly(from);
        } catch (IOException e) {
            reset(from);
            reset(to);
        }
        synchronized (lock) {
            open.remove(from);
            open.remove(to);
            lost.remove(from);
            lost.remove(to);
        }
    }

    /** Records a socket so that a refusal can reset it; false (and nothing recorded) once refusing. */
    private boolean register(Socket socket) {
        synchronized (lock) {
            if (state == State.REFUSE) {
                return false;
            }
            open.add(socket);
            return true;
        }
    }

    /**
     * Waits while hung (for good if the connection was left hung); true once forwarding, false when refusing (or
     * interrupted, which ends the pump).
     */
    private boolean awaitForwarding(Socket socket) {
        synchronized (lock) {
            try {
                while (state == State.HANG || state == State.FORWARD && lost.contains(socket)) {
                    lock.wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            return state == State.FORWARD;
        }
    }

    /** Closes with an RST rather than a FIN, as a server that went away does, so the peer fails at once. */
    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
        } catch (IOException ignored) {
            // already closed
        }
        closeQuietly(socket);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }

    /**
     * Waits for an accepting thread to leave its closed socket: a socket closed while a thread blocks in accept()
     * is released only as that thread leaves, and until then the port may still take connections.
     */
    private static void awaitEnd(Thread thread) {
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
