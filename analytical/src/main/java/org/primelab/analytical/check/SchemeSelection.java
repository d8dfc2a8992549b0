package org.primelab.analytical.check;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.primelab.core.entropy.LoadBalancingScheme;
import org.primelab.core.units.Units;

/**
 * Which rows of a results file with a {@code scheme} column {@code prime check} reads: those of the one scheme it
 * checks, {@code prime check}'s {@code --lb}. {@code prime sim --out} and {@code prime fluid --out} write the runs
 * of every scheme of their {@code --lb} into one {@code flows.csv}, so a file may hold several; the user then names
 * the one to check, since the default of {@code --lb} would otherwise pick one silently. A file whose column names
 * a single scheme is read when it is the one checked, named or the default, and refused otherwise: checking it as
 * another scheme would hold its port counts to the wrong model.
 *
 * @param scheme the scheme checked
 * @param named whether the command line named it ({@code --lb}), rather than taking the default
 */
public record SchemeSelection(LoadBalancingScheme scheme, boolean named) {
    /** Validates the fields. */
    public SchemeSelection {
        if (scheme == null) {
            throw new IllegalArgumentException("lb: scheme required");
        }
    }

    /** Whether a row whose {@code scheme} cell reads {@code cell} is of the scheme checked. */
    public boolean selects(String cell) {
        return scheme.cliName().equals(canonical(cell));
    }

    /**
     * How a {@code scheme} cell is compared and listed: the scheme's {@code --lb} name if it names one
     * ({@link LoadBalancingScheme#parse}, case and blanks ignored), else the cell as written, on one line.
     */
    public static String canonical(String cell) {
        try {
            return LoadBalancingScheme.parse(cell).cliName();
        } catch (IllegalArgumentException e) {
            return Units.oneLine(cell.strip());
        }
    }

    /**
     * The one-line refusal of {@code file}, whose scheme column holds {@code found} (canonical, in file order; empty
     * when it has no such column), or null when this selection reads it: several schemes and {@code --lb} not named,
     * or none of them the scheme checked.
     */
    public String refusal(String file, Collection<String> found) {
        if (found.isEmpty()) {
            return null;
        }
        List<String> accepted = found.stream().filter(SchemeSelection::isScheme).toList();
        if (accepted.isEmpty()) {
            return "lb: " + file + "'s scheme column holds " + String.join(", ", found) + ", none of them a scheme --lb"
                    + " names (accepted: " + LoadBalancingScheme.names() + ")";
        }
        if (found.size() > 1 && !named) {
            return String.format(Locale.ROOT, "lb: %s holds the results of %d schemes in its scheme column (%s); name"
                    + " the one to check with --lb, accepted: %s", file, found.size(), String.join(", ", found),
                    String.join(", ", accepted));
        }
        if (!found.contains(scheme.cliName())) {
            return "lb: " + file + " holds no results of " + scheme.cliName() + (named ? "" : " (the default of --lb)")
                    + " in its scheme column, which holds " + String.join(", ", found) + "; accepted: --lb "
                    + String.join(" or --lb ", accepted);
        }
        return null;
    }

    private static boolean isScheme(String canonical) {
        return Arrays.stream(LoadBalancingScheme.values()).anyMatch(s -> s.cliName().equals(canonical));
    }
}
