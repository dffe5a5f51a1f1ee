package io.rtbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rtbench.core.dml.UpdateMode;
import io.rtbench.core.target.ReadQuery;
import org.junit.jupiter.api.Test;

class CliNamedTest {

    enum Shape implements CliNamed {
        ROUND,
        FLAT_TOP,
        SQUARE
    }

    @Test
    void aNameIsTheConstantInLowerCaseWithDashes() {
        assertThat(Shape.FLAT_TOP.cliName()).isEqualTo("flat-top");
        assertThat(CliNamed.names(Shape.class)).containsExactly("round", "flat-top", "square");
    }

    @Test
    void parsingIgnoresCaseAndSurroundingBlanks() {
        assertThat(CliNamed.parse(Shape.class, " Flat-Top ", "a shape")).isEqualTo(Shape.FLAT_TOP);
        assertThat(CliNamed.find(Shape.class, "flat_top")).isEmpty();
    }

    @Test
    void anUnknownNameIsRefusedListingTheKnownOnes() {
        assertThatThrownBy(() -> CliNamed.parse(Shape.class, "oval", "a shape"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'oval' is not a shape; use round, flat-top or square");
        assertThatThrownBy(() -> UpdateMode.fromCliName("merge"))
                .hasMessage("'merge' is not an update mode; use replace or patch");
    }

    @Test
    void aReadQueryKeepsItsOwnWording() {
        assertThat(ReadQuery.fromCliName("USER-RECENT")).isEqualTo(ReadQuery.USER_RECENT);
        assertThatThrownBy(() -> ReadQuery.fromCliName("scan"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("must be point, user-recent, aggregate, got 'scan'");
    }
}
