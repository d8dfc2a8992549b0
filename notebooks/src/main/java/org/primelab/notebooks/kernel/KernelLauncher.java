package org.primelab.notebooks.kernel;

import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Starts the Java Jupyter kernel (rapaio-jupyter-kernel 3.0.1) the way its own {@code MainApp} does,
 * without its two start-up races. On a busy machine either one leaves a kernel that never answers, and
 * {@code nbconvert} then fails with "Kernel didn't respond".
 *
 * <ol>
 *   <li><b>Handlers installed after binding.</b> {@code Channels.connect} binds the sockets and only then
 *   creates its table of message handlers. Jupyter's client sends {@code kernel_info_request} as soon as
 *   it has started the kernel; if it arrives before the table exists, the shell thread dies on a
 *   {@code NullPointerException}. This launcher gives the kernel an empty table first: an early request
 *   is dropped as unhandled, and the client, which repeats it every second, is answered later.</li>
 *   <li><b>Loop threads that stop at once.</b> A channel's {@code LoopThread.start()} starts the thread
 *   and only then sets its {@code running} flag; a thread that checks the flag first leaves its loop
 *   immediately, and that channel (often the shell) never reads a message. After connecting, this
 *   launcher waits {@link #SETTLE_MILLIS}, and replaces every loop thread that has ended by a new one
 *   whose flag is set before it starts.</li>
 * </ol>
 *
 * <p>Everything is reached by reflection, so this class compiles without the kernel; the kernel spec runs
 * it with the kernel jar and this class alone on the class path (the notebook classes go through the
 * kernel's own class path, see {@code KernelSpec}). The field names are those of the kernel version the
 * build pins; a kernel without them fails at start with the name of the missing field.
 */
public final class KernelLauncher {
    static final String MAIN_APP = "org.rapaio.jupyter.kernel.MainApp";
    static final String CHANNELS = "org.rapaio.jupyter.kernel.channels.Channels";
    static final String LOOP_THREAD = "org.rapaio.jupyter.kernel.channels.LoopThread";
    static final String CONNECTION = "org.rapaio.jupyter.kernel.core.ConnectionProperties";
    static final String TRANSFORM = "org.rapaio.jupyter.kernel.core.Transform";
    /** How long a loop thread that lost the start race may take to end, milliseconds. */
    static final long SETTLE_MILLIS = 1000;

    private static final Logger LOGGER = Logger.getLogger(KernelLauncher.class.getSimpleName());

    private KernelLauncher() {
    }

    /** {@code args[0]}: the connection file Jupyter passes. */
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            throw new IllegalArgumentException("connection-file: expected exactly one argument, got " + args.length);
        }
        Path connectionFile = Path.of(args[0]);
        if (!Files.isRegularFile(connectionFile)) {
            throw new IllegalArgumentException("connection-file: not a file: " + connectionFile);
        }
        ClassLoader loader = KernelLauncher.class.getClassLoader();
        try (InputStream logging = loader.getResourceAsStream("logging.properties")) {
            if (logging != null) {
                LogManager.getLogManager().readConfiguration(logging);
            }
        }
        Class<?> connection = Class.forName(CONNECTION, true, loader);
        Class<?> channelsType = Class.forName(CHANNELS, true, loader);
        Object props = Class.forName(TRANSFORM, true, loader).getMethod("fromJson", String.class, Class.class)
                .invoke(null, Files.readString(connectionFile), connection);
        Object kernel = Class.forName(MAIN_APP, true, loader).getField("kernel").get(null);
        Object channels = channelsType.getConstructor(connection).newInstance(props);
        field(channelsType, "handlers").set(channels, new HashMap<>());
        try {
            channelsType.getMethod("connect", kernel.getClass()).invoke(channels, kernel);
            Thread.sleep(SETTLE_MILLIS);
            restartEndedLoops((Collection<?>) field(channelsType, "channels").get(channels),
                    Class.forName(LOOP_THREAD, true, loader));
            channelsType.getMethod("joinUntilClose").invoke(channels);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }

    /** Replaces each channel's loop thread that has already ended by a running copy. */
    static void restartEndedLoops(Collection<?> channels, Class<?> loopType) throws ReflectiveOperationException {
        Constructor<?> make = loopType.getConstructor(String.class, long.class, Runnable.class);
        Field running = field(loopType, "running");
        Field sleep = field(loopType, "sleep");
        Field body = field(loopType, "loopBody");
        for (Object channel : channels) {
            for (Class<?> c = channel.getClass(); c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (f.getType() != loopType) {
                        continue;
                    }
                    f.setAccessible(true);
                    Thread old = (Thread) f.get(channel);
                    if (old == null || old.getState() != Thread.State.TERMINATED) {
                        continue;
                    }
                    Thread fresh = (Thread) make.newInstance(old.getName(), sleep.getLong(old), body.get(old));
                    running.setBoolean(fresh, true);
                    f.set(channel, fresh);
                    fresh.start();
                    LOGGER.info("restarted loop thread " + old.getName() + " of " + channel.getClass().getSimpleName()
                            + " (it had ended before its running flag was set)");
                }
            }
        }
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        Field f = type.getDeclaredField(name);
        f.setAccessible(true);
        return f;
    }
}
