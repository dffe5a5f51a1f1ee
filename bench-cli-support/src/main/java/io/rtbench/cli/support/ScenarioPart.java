package io.rtbench.cli.support;

import java.util.Map;

/**
 * The settings of one option group, typed and checked, as the result file's {@code scenario.settings} records them:
 * each group writes its own keys, so that a new setting of a group is written by that group alone (docs/ARCHITECTURE.md,
 * "The command line").
 */
public interface ScenarioPart {

    /** Puts this group's keys into {@code settings}, in the result's formats ({@code 60s}, {@code 10%}). */
    void describe(Map<String, Object> settings);
}
