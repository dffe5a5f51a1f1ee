package io.rtbench.core;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Why a file could not be read, in words: Java's file exceptions often carry only the path as their message. */
public final class IoReasons {

    private static final Pattern PARENTHESES_AT_END = Pattern.compile("\\(([^()]+)\\)$");

    private IoReasons() {}

    /**
     * The one wording of a file that could not be read (docs/GUIDE.md, "One mistake, one exit code, one wording"):
     * {@code cannot read runs/x.json: no such file}; the caller puts the flag or the argument's name before it.
     */
    public static String cannotRead(Path file, IOException e) {
        return "cannot read " + file + ": " + of(e);
    }

    public static String of(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        }
        if (e instanceof FileNotFoundException && e.getMessage() != null) {
            // java.io's "PATH (No such file or directory)": the reason is in the parentheses
            Matcher reason = PARENTHESES_AT_END.matcher(e.getMessage());
            if (reason.find()) {
                String why = reason.group(1).toLowerCase(Locale.ROOT);
                // the same reason as NoSuchFileException's, in the same words
                return why.equals("no such file or directory") ? "no such file" : why;
            }
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
