package org.primelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The project stands alone: every pointer into {@code docs/design.md} or {@code docs/references.md} that
 * quotes a section name ({@code docs/design.md, "The packet simulator"}) lands on a heading of that file
 * containing the name (case-insensitive), every relative link in a Markdown file names a file that
 * exists (and, with an anchor, a heading of it), and no file points outside the repository to the notes
 * the docs were written from.
 *
 * <p>Pointers are found in the source, documentation and spec files of the whole tree (build output
 * excluded), with comment decoration ({@code *}, {@code //}, {@code (*}, {@code *)}) removed and lines
 * joined, so that a pointer wrapped over two javadoc lines is still read whole.
 */
class DocsPointersTest {
    private static final Pattern POINTER = Pattern.compile(
            "docs/(design|references)\\.md[\\s,:`()]*\"([^\"]+)\"");
    private static final Pattern MD_LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)\\s]*)?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*)$", Pattern.MULTILINE);
    /** Spelled in pieces so that this file does not itself match the search it performs. */
    private static final List<String> OUTSIDE = List.of(".." + "/shared", "DESIGN" + ".md", "REFERENCES" + ".md");

    @Test
    void everyQuotedSectionIsAHeading() throws IOException {
        Path root = repositoryRoot();
        List<String> missing = new ArrayList<>();
        int pointers = 0;
        for (Path f : sourceFiles(root)) {
            Matcher m = POINTER.matcher(joined(f));
            while (m.find()) {
                pointers++;
                String doc = m.group(1);
                String section = m.group(2).trim();
                if (!hasHeadingContaining(root.resolve("docs/" + doc + ".md"), section)) {
                    missing.add(root.relativize(f) + ": docs/" + doc + ".md has no heading containing \"" + section
                            + "\"");
                }
            }
        }
        // Guard against a pattern that silently matches nothing: the tree holds dozens of such pointers.
        assertTrue(pointers >= 30, "found only " + pointers + " quoted pointers into docs/");
        assertEquals(List.of(), missing);
    }

    @Test
    void markdownLinksNameExistingFiles() throws IOException {
        Path root = repositoryRoot();
        List<String> broken = new ArrayList<>();
        for (Path f : sourceFiles(root)) {
            if (!f.toString().endsWith(".md")) {
                continue;
            }
            Matcher m = MD_LINK.matcher(Files.readString(f, StandardCharsets.UTF_8));
            while (m.find()) {
                String target = m.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue;
                }
                Path file = f.getParent().resolve(target).normalize();
                if (!Files.exists(file)) {
                    broken.add(root.relativize(f) + ": " + target);
                } else if (m.group(2) != null && target.endsWith(".md")
                        && !anchors(file).contains(m.group(2).substring(1))) {
                    broken.add(root.relativize(f) + ": " + target + m.group(2) + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void nothingPointsOutsideTheRepository() throws IOException {
        Path root = repositoryRoot();
        List<String> found = new ArrayList<>();
        for (Path f : sourceFiles(root)) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            for (String s : OUTSIDE) {
                if (text.contains(s)) {
                    found.add(root.relativize(f) + ": " + s);
                }
            }
        }
        assertEquals(List.of(), found);
    }

    /** The directory holding the reactor's pom.xml and docs/, found upwards from the module directory. */
    private static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !(Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("docs"))
                && Files.isDirectory(p.resolve("core")))) {
            p = p.getParent();
        }
        assertTrue(p != null, "no repository root with pom.xml, core/ and docs/ above " + Path.of("").toAbsolutePath());
        return p;
    }

    /** Source, documentation and spec files, skipping build output and hidden directories. */
    private static List<Path> sourceFiles(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> {
                        Path rel = root.relativize(p);
                        for (Path part : rel) {
                            String n = part.toString();
                            if (n.equals("target") || (n.startsWith(".") && !n.equals(".gitignore"))) {
                                return false;
                            }
                        }
                        String n = p.getFileName().toString();
                        return n.endsWith(".java") || n.endsWith(".md") || n.endsWith(".tla") || n.endsWith(".cfg")
                                || n.equals("pom.xml") || n.equals("prime") || n.equals(".gitignore");
                    })
                    .sorted()
                    .toList();
        }
    }

    /** The file's lines with comment decoration removed, joined by single spaces. */
    private static String joined(Path f) {
        try {
            StringBuilder sb = new StringBuilder();
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                String t = line.strip();
                t = t.replaceFirst("^(/\\*\\*|/\\*|\\(\\*|\\*|//)\\s?", "");
                t = t.replaceFirst("\\s*(\\*\\)|\\*/)$", "");
                sb.append(t.strip()).append(' ');
            }
            return sb.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped, spaces to hyphens. */
    private static List<String> anchors(Path doc) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher h = HEADING.matcher(Files.readString(doc, StandardCharsets.UTF_8));
        while (h.find()) {
            String text = h.group(1).strip().toLowerCase(Locale.ROOT);
            out.add(text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return out;
    }

    private static boolean hasHeadingContaining(Path doc, String section) throws IOException {
        if (!Files.isRegularFile(doc)) {
            return false;
        }
        String wanted = section.toLowerCase(Locale.ROOT);
        Matcher h = HEADING.matcher(Files.readString(doc, StandardCharsets.UTF_8));
        while (h.find()) {
            if (h.group(1).toLowerCase(Locale.ROOT).contains(wanted)) {
                return true;
            }
        }
        return false;
    }
}
