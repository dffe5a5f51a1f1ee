package io.rtbench.servers.junit;

import io.rtbench.servers.Servers;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Runs {@link LocalProviderOnly} tests only with the local provider. */
final class LocalProviderOnlyCondition implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return evaluate(
                System.getenv(),
                context.getElement()
                        .flatMap(element -> AnnotationSupport.findAnnotation(element, LocalProviderOnly.class))
                        .or(() -> context.getTestClass()
                                .flatMap(type -> AnnotationSupport.findAnnotation(type, LocalProviderOnly.class)))
                        .map(LocalProviderOnly::value)
                        .orElse(""));
    }

    static ConditionEvaluationResult evaluate(Map<String, String> env, String reason) {
        String provider =
                env.getOrDefault(Servers.PROVIDER_ENV, "local").strip().toLowerCase(Locale.ROOT);
        if (provider.isEmpty() || provider.equals("local")) {
            return ConditionEvaluationResult.enabled("servers from the local provider");
        }
        return ConditionEvaluationResult.disabled(
                "local provider only (" + Servers.PROVIDER_ENV + "=" + provider + "): " + reason);
    }
}
