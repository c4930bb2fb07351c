import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Another local user's program on the port a server of ours named: it writes its port to PORT_FILE once
 * it listens, keeps every byte it is sent in HEARD_FILE, and answers every request as if it were the
 * server, proof and all. Run by the tests, as this user or a second one, with the JDK alone (java Listener.java).
 */
public class Listener {
    public static void main(String[] args) throws Exception {
        Path portFile = Path.of(args[0]);
        Path heard = Path.of(args[1]);
        try (ServerSocket socket = new ServerSocket(Integer.parseInt(args[2]), 50, InetAddress.getLoopbackAddress())) {
            // Written aside and moved in whole: whoever sees the file sees the port, never an empty file.
            Path written = Files.writeString(portFile.resolveSibling(portFile.getFileName() + ".tmp"), Integer.toString(socket.getLocalPort()));
            Files.move(written, portFile, StandardCopyOption.ATOMIC_MOVE);
            while (true) {
                try (Socket client = socket.accept()) {
                    client.setSoTimeout(2_000);
                    InputStream in = client.getInputStream();
                    byte[] buffer = new byte[65_536];
                    try {
                        int read = in.read(buffer);
                        if (read > 0) {
                            Files.write(heard, java.util.Arrays.copyOf(buffer, read), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                        }
                    } catch (java.net.SocketTimeoutException quiet) {
                        // nothing sent
                    }
                    OutputStream out = client.getOutputStream();
                    out.write(("HTTP/1.1 204 No Content\r\nBearings-Proof: forged\r\nBearings-Exit: 0\r\nBearings-Out-Chars: 0\r\n"
                            + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                } catch (java.io.IOException next) {
                    // the next connection
                }
            }
        }
    }
}
