package io.rtbench.cli.support;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A command, or an option mixin, whose shared options say only what the command accepts (docs/GUIDE.md, "One mistake,
 * one exit code, one wording"): {@code --workload} offers {@code mixed} only where {@link MixedOptions} are; {@code dml
 * --target} offers only the targets with statements, and is required. {@link CommandLines} calls {@link #tailor} once
 * per command, after picocli has built it.
 */
public interface TailoredOptions {

    void tailor(CommandSpec mixee);

    /** Replaces {@code name}'s option of {@code command} by the one {@code change} makes of it, in the same place. */
    static void replace(CommandSpec command, String name, UnaryOperator<OptionSpec.Builder> change) {
        List<OptionSpec> options = new ArrayList<>(command.options());
        OptionSpec original = command.findOption(name);
        int at = options.indexOf(original);
        List<OptionSpec> after = options.subList(at + 1, options.size());
        command.remove(original);
        after.forEach(command::remove);
        command.addOption(change.apply(OptionSpec.builder(original)).build());
        after.forEach(command::addOption);
    }
}
