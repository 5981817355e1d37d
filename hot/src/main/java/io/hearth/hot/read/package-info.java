/**
 * Reading the text of HOT templates, environments and template files the way Heat reads it,
 * with a {@link io.hearth.hot.read.SourceMap} that says where each value is.
 *
 * <p>{@link io.hearth.hot.read.TemplateReader} is the entry point; its limits are
 * {@link io.hearth.hot.read.ReaderOptions}; what it returns is a
 * {@link io.hearth.hot.read.ReadResult}, whose problems carry a path (built as
 * {@link io.hearth.hot.read.SourcePath} builds them) and a
 * {@link io.hearth.hot.read.SourceLocation}, and convert to
 * {@link io.hearth.hot.TemplateProblem}.
 */
package io.hearth.hot.read;
