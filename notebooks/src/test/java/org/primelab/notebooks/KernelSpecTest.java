package org.primelab.notebooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kernel spec is valid JSON that Jupyter can start, whatever the paths contain. */
class KernelSpecTest {

    @Test
    void kernelJsonRoundTripsThroughAJsonParser() {
        KernelSpec spec = new KernelSpec(Path.of("/opt/j dk/bin/java"), Path.of("/a \"b\"/kernel.jar"),
                Path.of("/a\\c/launcher.jar"), List.of("/x/classes", "/x/lib/*.jar"));
        JsonObject o = JsonParser.parseString(spec.json()).getAsJsonObject();
        List<String> argv = o.getAsJsonArray("argv").asList().stream().map(e -> e.getAsString()).toList();
        assertEquals(spec.argv(), argv);
        assertEquals("{connection_file}", argv.get(argv.size() - 1));
        assertEquals("org.primelab.notebooks.kernel.KernelLauncher", argv.get(argv.size() - 2));
        assertTrue(argv.contains("/a \"b\"/kernel.jar:/a\\c/launcher.jar"), argv.toString());
        assertEquals("/x/classes;/x/lib/*.jar", o.getAsJsonObject("env").get("RJK_CLASSPATH").getAsString());
        assertEquals(KernelSpec.DISPLAY_NAME, o.get("display_name").getAsString());
        assertEquals("java", o.get("language").getAsString());
    }

    @Test
    void aClasspathEntryWithTheKernelsSeparatorIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new KernelSpec(Path.of("java"),
                Path.of("k.jar"), Path.of("l.jar"), List.of("/a;b")));
        assertTrue(e.getMessage().startsWith("classpath: "), e.getMessage());
    }
}
