package org.primelab.core.option;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A value of a scenario option with a name on the command line ({@code --cc dctcp}, {@code --spray-order
 * cycle}): the one parser those enums share, so every such option refuses a bad value with the same line.
 */
public interface CliNamed {
    /** The name on the command line. */
    String cliName();

    /**
     * The constant of {@code type} named {@code text} (trimmed, case-insensitive).
     *
     * @param option the option's name, for the error ("cc")
     * @throws IllegalArgumentException {@code "OPTION: unknown 'TEXT'; accepted: a, b"}
     */
    static <E extends Enum<E> & CliNamed> E parse(Class<E> type, String option, String text) {
        String n = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.cliName().equals(n)) {
                return e;
            }
        }
        throw new IllegalArgumentException(option + ": unknown '" + text + "'; accepted: " + names(type));
    }

    /** The names of {@code type}'s constants in declaration order, comma separated. */
    static <E extends Enum<E> & CliNamed> String names(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(CliNamed::cliName).collect(Collectors.joining(", "));
    }
}
