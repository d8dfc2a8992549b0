package org.primelab.packet.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The event list pops in (time, insertion) order and never lets the clock run backwards. */
class EventQueueProperties {
    @Test
    void popsInTimeThenInsertionOrder() {
        qt().withFixedSeed(11).withExamples(200).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom r = new SplittableRandom(seed);
            EventQueue q = new EventQueue(4);
            int inserted = 0;
            long lastTime = -1;
            int lastId = -1;
            for (int step = 0; step < 2000; step++) {
                if (q.isEmpty() || r.nextInt(3) > 0) {
                    // schedule at the current time or up to 5 ps later, so ties are frequent
                    q.schedule(q.time() + r.nextInt(6), 0, inserted++, 0);
                } else {
                    q.pop();
                    assertTrue(q.time() >= lastTime, "clock ran backwards");
                    if (q.time() == lastTime) {
                        assertTrue(q.a() > lastId, "ties must pop in insertion order");
                    }
                    lastTime = q.time();
                    lastId = q.a();
                }
            }
        });
    }

    @Test
    void refusesToScheduleInThePast() {
        EventQueue q = new EventQueue(4);
        q.schedule(10, 0, 0, 0);
        q.pop();
        assertEquals(10, q.time());
        assertThrows(IllegalStateException.class, () -> q.schedule(9, 0, 0, 0));
        assertThrows(IllegalStateException.class, q::pop);
    }
}
