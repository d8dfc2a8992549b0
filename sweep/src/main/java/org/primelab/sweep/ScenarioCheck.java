package org.primelab.sweep;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.primelab.cli.SimOptions;
import org.primelab.fluid.SplitMode;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks a parsed point's values the way its command would, without running it: the fabric, the
 * simulator configuration (rates, times, faults, CC, scheduling...), the workload and the schemes are
 * built by the CLI's own {@link SimOptions} from the parsed options, so a value the run would refuse
 * is refused here, before any run of the sweep starts, with the CLI's own message (which names the
 * option). {@code SimOptions} builds them in package-private methods, reached here by reflection:
 * the one place that knows the CLI's internals (a public validation method on {@code SimOptions}
 * would replace it). If those methods disappear, every check fails loudly rather than passing.
 */
final class ScenarioCheck {
    private ScenarioCheck() {
    }

    /** Throws {@link IllegalArgumentException} with the CLI's message if the run would refuse its input. */
    static void check(Simulator simulator, CommandSpec parsed) {
        Object options = null;
        for (CommandSpec m : parsed.mixins().values()) {
            if (m.userObject() instanceof SimOptions) {
                options = m.userObject();
            }
        }
        if (options != null) {
            Object tree = call(options, "tree", new Class<?>[0]);
            Class<?> treeType = tree.getClass();
            call(options, "config", new Class<?>[] {treeType}, tree);
            call(options, "flows", new Class<?>[] {treeType}, tree);
            call(options, "schemes", new Class<?>[0]);
        }
        if (simulator == Simulator.FLUID) {
            Object split = parsed.findOption("--split").getValue();
            SplitMode.parse(String.valueOf(split));
        }
    }

    private static Object call(Object target, String name, Class<?>[] types, Object... args) {
        Method m = find(target.getClass(), name, types);
        try {
            m.setAccessible(true);
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException iae) {
                throw iae;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw new IllegalArgumentException(re.getClass().getSimpleName() + ": " + re.getMessage(), re);
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("sweep: cannot check point values: " + e.getMessage(), e);
        }
    }

    private static Method find(Class<?> type, String name, Class<?>[] types) {
        for (Method m : type.getDeclaredMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == types.length
                    && (types.length == 0 || m.getParameterTypes()[0].isAssignableFrom(types[0]))) {
                return m;
            }
        }
        throw new IllegalStateException("sweep: cannot check point values: " + type.getName() + "." + name
                + "(...) not found (the cli changed; see ScenarioCheck)");
    }
}
