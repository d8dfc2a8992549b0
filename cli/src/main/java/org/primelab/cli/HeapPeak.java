package org.primelab.cli;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The most heap a run held at once, in bytes, for {@code prime bench}: between collections the used heap only grows
 * (allocation), so it peaks just before a collection or at the end; each collection's notification gives the heap
 * used just before it, summed over the heap pools at that one moment.
 *
 * <p>The sum of each heap pool's own peak ({@code MemoryPoolMXBean.getPeakUsage}), which {@code bench} printed
 * before, adds peaks from different moments: G1's eden peaks just before a young collection and its old generation
 * later, so the sum could exceed the heap limit itself (394 MiB with {@code -Xmx260m} on the degradation case).
 *
 * <p>Notifications arrive on the JVM's service thread shortly after each collection, so {@link #peakBytes()} waits
 * (at most {@link #NOTIFICATION_WAIT_MS}) until it has heard of every collection since {@link #start()}.
 */
final class HeapPeak implements AutoCloseable {
    /** How long {@link #peakBytes()} waits for the notifications of collections already counted. */
    static final long NOTIFICATION_WAIT_MS = 2000;

    private final AtomicLong peakBeforeCollection = new AtomicLong();
    private final AtomicLong collectionsHeard = new AtomicLong();
    private final long collectionsAtStart;
    private final Set<String> heapPools = new HashSet<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final NotificationListener listener = this::onNotification;

    private HeapPeak() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(listener, null, null);
                emitters.add(emitter);
            }
        }
        collectionsAtStart = collections();
    }

    /** Starts watching: the peak counts from now on (and at least the heap used now). */
    static HeapPeak start() {
        HeapPeak peak = new HeapPeak();
        peak.peakBeforeCollection.accumulateAndGet(usedNow(), Math::max);
        return peak;
    }

    /** The most heap in use at once since {@link #start()}, in bytes. */
    long peakBytes() {
        long deadline = System.nanoTime() + NOTIFICATION_WAIT_MS * 1_000_000;
        while (collectionsHeard.get() < collections() - collectionsAtStart && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        return Math.max(peakBeforeCollection.get(), usedNow());
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // already gone: nothing to remove
            }
        }
    }

    private void onNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long before = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageBeforeGc().entrySet()) {
            if (heapPools.contains(pool.getKey())) {
                before += pool.getValue().getUsed();
            }
        }
        peakBeforeCollection.accumulateAndGet(before, Math::max);
        collectionsHeard.incrementAndGet();
    }

    private static long collections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }

    private static long usedNow() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
