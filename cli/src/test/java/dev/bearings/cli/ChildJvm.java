package dev.bearings.cli;

import dev.bearings.testprocess.ChildProcess;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Where a test's child JVM loads its classes from: the test class path with its folders packed into jars, and a
 * class-data archive of what a child loads, made once per build of these classes. A child spends about a quarter
 * less CPU starting from it (1.5 s rather than 1.9 s for a search of the examples), and this suite starts some
 * hundred children. The JDK archives classes from jars alone, hence the packing. A child started from anything
 * else (another class path in front, say) finds the archive does not match and loads its classes as usual.
 */
final class ChildJvm {
    /** Keeps the JVM's word on an archive it cannot use off the child's stdout, which tests read. */
    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    private ChildJvm() {
    }

    /** The JVM options that give a child its classes: the archive, when there is one, and the class path. */
    static List<String> options() {
        return Made.OPTIONS;
    }

    /** Made once per test JVM, and once per build of the classes between the forks that share a module's target. */
    private static final class Made {
        /**
         * Held (shared) for as long as this JVM may start children from its folder: a later build of other classes
         * deletes only the folders no JVM holds, never the jars a running test's children start from. Set by make().
         */
        private static FileChannel inUse;
        private static final List<String> OPTIONS = make();

        private static List<String> make() {
            String classPath = System.getProperty("java.class.path");
            List<Path> folders = Stream.of(classPath.split(File.pathSeparator)).map(Path::of).filter(Files::isDirectory).toList();
            if (folders.isEmpty()) {
                return List.of("-cp", classPath);
            }
            try {
                return packed(classPath, folders);
            } catch (IOException | RuntimeException e) {
                // Only slower: the children load their classes as they always did.
                System.err.println("child processes start from the test class path as it is: " + e);
                return List.of("-cp", classPath);
            }
        }

        private static List<String> packed(String classPath, List<Path> folders) throws IOException {
            Path root = Files.createDirectories(folders.get(0).toAbsolutePath().getParent().resolve("child-jvm"));
            Path made = root.resolve(stamp(classPath, folders));
            try (FileChannel lock = FileChannel.open(root.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock held = lock.lock()) {
                if (!Files.exists(made.resolve("done"))) {
                    deleteUnused(root);
                    build(made, classPath, folders);
                }
                inUse = FileChannel.open(made.resolve("in-use"), StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                inUse.lock(0, Long.MAX_VALUE, true);
                List<String> options = new ArrayList<>(QUIET);
                Path archive = made.resolve("children.jsa");
                if (Files.exists(archive)) {
                    options.add("-XX:SharedArchiveFile=" + archive);
                }
                options.addAll(List.of("-cp", Files.readString(made.resolve("class-path"))));
                return List.copyOf(options);
            }
        }

        /** The folders of earlier builds of the classes that no test JVM starts children from any more. */
        private static void deleteUnused(Path root) throws IOException {
            try (Stream<Path> folders = Files.list(root)) {
                for (Path folder : folders.filter(Files::isDirectory).toList()) {
                    try (FileChannel channel = FileChannel.open(folder.resolve("in-use"), StandardOpenOption.CREATE,
                            StandardOpenOption.READ, StandardOpenOption.WRITE);
                         FileLock unused = channel.tryLock()) {
                        if (unused != null) {
                            delete(folder);
                        }
                    } catch (IOException | OverlappingFileLockException e) {
                        // Left for a later build to delete.
                    }
                }
            }
        }

        private static void build(Path made, String classPath, List<Path> folders) throws IOException {
            Files.createDirectories(made);
            List<String> entries = new ArrayList<>();
            for (String entry : classPath.split(File.pathSeparator)) {
                int at = folders.indexOf(Path.of(entry));
                entries.add(at < 0 ? entry : pack(folders.get(at), made.resolve(at + "-" + Path.of(entry).getFileName() + ".jar")).toString());
            }
            String packed = String.join(File.pathSeparator, entries);
            Files.writeString(made.resolve("class-path"), packed);
            archive(made, packed);
            Files.writeString(made.resolve("done"), "");
        }

        /**
         * Indexes a note in a child that writes what it loaded to the archive as it exits: the model, the store, the
         * parser and the command line, most of what any child loads. Without an archive the children still run, slower.
         */
        private static void archive(Path made, String classPath) throws IOException {
            Path notes = Files.createDirectories(made.resolve("notes"));
            Files.writeString(notes.resolve("note.md"), "# A note\n\n## Setup\n\nHow the tunnel was set up.\n");
            List<String> command = CliRun.java();
            command.addAll(QUIET);
            command.addAll(List.of("-XX:ArchiveClassesAtExit=" + made.resolve("children.jsa"), "-cp", classPath,
                    Bearings.class.getName(), "index", "--folder", notes.toString(), "--index", made.resolve("index").toString()));
            String failed;
            try (ChildProcess child = ChildProcess.run(command, made.resolve("logs"), Duration.ofMinutes(2))) {
                failed = child.exitCode(Duration.ofSeconds(1)) == 0 ? null : child.err();
            } catch (Exception | AssertionError e) {
                // ChildProcess fails a wait that runs out with an AssertionError: here that only costs the archive.
                failed = e.toString();
            }
            if (failed != null) {
                Files.deleteIfExists(made.resolve("children.jsa"));
                System.err.println("no class-data archive for child processes: " + failed);
            }
        }

        private static Path pack(Path folder, Path jar) throws IOException {
            Path partial = jar.resolveSibling(jar.getFileName() + ".partial");
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(partial)); Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new JarEntry(folder.relativize(file).toString().replace(File.separatorChar, '/')));
                    Files.copy(file, out);
                    out.closeEntry();
                }
            }
            return Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE);
        }

        /** Names one build of the classes: every file in the folders, with its size and time, and the class path. */
        private static String stamp(String classPath, List<Path> folders) throws IOException {
            try {
                MessageDigest digest = MessageDigest.getInstance("SHA-256");
                digest.update(classPath.getBytes(StandardCharsets.UTF_8));
                digest.update(System.getProperty("java.home").getBytes(StandardCharsets.UTF_8));
                for (Path folder : folders) {
                    try (Stream<Path> files = Files.walk(folder)) {
                        for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                            digest.update((file + " " + attributes.size() + " " + attributes.lastModifiedTime().toMillis() + "\n")
                                    .getBytes(StandardCharsets.UTF_8));
                        }
                    }
                }
                return HexFormat.of().formatHex(digest.digest(), 0, 8);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        private static void delete(Path folder) throws IOException {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }
}
