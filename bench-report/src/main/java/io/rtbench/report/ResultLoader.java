package io.rtbench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.rtbench.cli.support.UsageException;
import io.rtbench.core.IoReasons;
import io.rtbench.core.result.ResultFiles;
import io.rtbench.core.result.RunResult;
import io.rtbench.core.result.StepRepetitions;
import io.rtbench.core.result.StepResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads result files and the interval logs of their steps. A file that is missing, unreadable or not an rtbench result
 * fails the whole report with one line naming it, a usage error (exit 2) as every file the user names that cannot be
 * read (docs/GUIDE.md, "One mistake, one exit code, one wording"); a missing or unreadable {@code .hlog} only costs the charts that need
 * it, with a note saying so.
 */
final class ResultLoader {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Interval logs read so far, by absolute path: steps that share a log read it once. */
    private final Map<Path, LoadedLog> logs = new HashMap<>();

    List<ReportedRun> load(List<Path> files) {
        List<String> sources = sources(files);
        List<ReportedRun> runs = new ArrayList<>(files.size());
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            RunResult result = read(file);
            String source = sources.get(i);
            String label = source.endsWith(".json") ? source.substring(0, source.length() - 5) : source;
            runs.add(new ReportedRun(source, label, result, steps(file, result)));
        }
        return runs;
    }

    /** The file names, or parent/name for names that occur more than once, so that every run is told apart. */
    static List<String> sources(List<Path> files) {
        Set<String> seen = new HashSet<>();
        Set<String> repeated = new HashSet<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (!seen.add(name)) {
                repeated.add(name);
            }
        }
        List<String> sources = new ArrayList<>(files.size());
        for (Path file : files) {
            String name = file.getFileName().toString();
            Path parent = file.toAbsolutePath().normalize().getParent();
            boolean qualify = repeated.contains(name) && parent != null && parent.getFileName() != null;
            sources.add(qualify ? parent.getFileName() + "/" + name : name);
        }
        return sources;
    }

    static RunResult read(Path file) {
        if (Files.isDirectory(file)) {
            throw new UsageException(file + " is a directory, not a result file");
        }
        JsonNode tree;
        try {
            tree = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null
                    ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr();
            throw new UsageException(file + " is not an rtbench result file: not JSON" + where);
        } catch (IOException e) {
            throw new UsageException(cannotRead(file, e));
        }
        String problem = ResultShape.problem(tree);
        if (problem != null) {
            throw new UsageException(file + " is not an rtbench result file: " + problem);
        }
        try {
            return ResultFiles.read(file);
        } catch (UncheckedIOException e) {
            Throwable cause = e.getCause();
            String why = cause instanceof MismatchedInputException mismatch
                    ? wrongValue(mismatch)
                    : cause instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
            throw new UsageException(file + " is not an rtbench result file: " + firstLine(why));
        }
    }

    /**
     * A value of the wrong type, in the result's own terms: {@code steps[0].latencyMs.data.p50 must be a number, got
     * "x"}, where Jackson said {@code Cannot deserialize value of type `double` from String "x"} without the field.
     */
    static String wrongValue(MismatchedInputException e) {
        StringBuilder field = new StringBuilder();
        for (JsonMappingException.Reference step : e.getPath()) {
            if (step.getFieldName() != null) {
                field.append(field.isEmpty() ? "" : ".").append(step.getFieldName());
            } else if (step.getIndex() >= 0) {
                field.append('[').append(step.getIndex()).append(']');
            }
        }
        String expected = expected(e.getTargetType());
        String got = e instanceof InvalidFormatException invalid && invalid.getValue() != null
                ? ", got \"" + invalid.getValue() + "\""
                : "";
        return (field.isEmpty() ? "a value" : field) + " must be " + expected + got;
    }

    /** What a value of {@code type} is, in a result's terms. */
    private static String expected(Class<?> type) {
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type != null && (Number.class.isAssignableFrom(type) || type.isPrimitive())) {
            return "a number";
        }
        return type == String.class ? "a text" : "of another type";
    }

    private static String cannotRead(Path file, IOException e) {
        return "result file: " + IoReasons.cannotRead(file, e);
    }

    private List<ReportedStep> steps(Path file, RunResult result) {
        List<ReportedStep> steps = new ArrayList<>(result.steps().size());
        for (int i = 0; i < result.steps().size(); i++) {
            StepResult step = result.steps().get(i);
            Integer batchSize = step.batchSize() != null
                    ? step.batchSize()
                    : result.scenario().batchSize();
            if (step.repetitions() != null
                    && (step.histogramLog() == null || step.histogramLog().isBlank())) {
                steps.add(iterationLogs(file, i + 1, step, batchSize));
                continue;
            }
            if (step.histogramLog() == null || step.histogramLog().isBlank()) {
                steps.add(new ReportedStep(i + 1, step, batchSize, null, "the result names no histogram log"));
                continue;
            }
            Path hlog = file.toAbsolutePath()
                    .getParent()
                    .resolve(step.histogramLog())
                    .normalize();
            LoadedLog log = logs.computeIfAbsent(hlog, ResultLoader::readLog);
            steps.add(new ReportedStep(i + 1, step, batchSize, log.histograms(), log.note()));
        }
        return steps;
    }

    /**
     * A step measured in forks × iterations (docs/MEASUREMENT.md, "Repetitions"): every measured iteration's log, side
     * by side, so that the totals are the pooled histograms and the timeline shows each fork in its own time.
     */
    private ReportedStep iterationLogs(Path file, int number, StepResult step, Integer batchSize) {
        List<StepHistograms> parts = new ArrayList<>();
        for (StepRepetitions.Iteration iteration : step.repetitions().iterationResults()) {
            if (iteration.histogramLog() == null) {
                return new ReportedStep(number, step, batchSize, null, "the result names no histogram log");
            }
            Path hlog = file.toAbsolutePath()
                    .getParent()
                    .resolve(iteration.histogramLog())
                    .normalize();
            LoadedLog log = logs.computeIfAbsent(hlog, ResultLoader::readLog);
            if (log.histograms() == null) {
                return new ReportedStep(number, step, batchSize, null, log.note());
            }
            parts.add(log.histograms());
        }
        return new ReportedStep(number, step, batchSize, StepHistograms.merge(parts), null);
    }

    private static LoadedLog readLog(Path hlog) {
        if (!Files.isRegularFile(hlog)) {
            return new LoadedLog(null, "histogram log " + hlog.getFileName() + " not found");
        }
        try {
            return new LoadedLog(StepHistograms.read(hlog), null);
        } catch (IOException e) {
            return new LoadedLog(
                    null, "histogram log " + hlog.getFileName() + " unreadable: " + firstLine(e.getMessage()));
        }
    }

    /** The histograms of a log, or a note on why there are none. */
    private record LoadedLog(StepHistograms histograms, String note) {}

    static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).strip();
    }
}
