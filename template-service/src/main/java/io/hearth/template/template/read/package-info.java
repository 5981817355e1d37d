/**
 * Reading the text of HOT templates, environments and template files the way Heat reads it,
 * with a {@link io.hearth.template.template.read.SourceMap} that says where each value is.
 *
 * <p>{@link io.hearth.template.template.read.TemplateReader} is the entry point; its limits are
 * {@link io.hearth.template.template.read.ReaderOptions}; what it returns is a
 * {@link io.hearth.template.template.read.ReadResult}, whose problems carry a path (built as
 * {@link io.hearth.template.template.read.SourcePath} builds them) and a
 * {@link io.hearth.template.template.read.SourceLocation}, and convert to
 * {@link io.hearth.template.template.TemplateProblem}.
 */
package io.hearth.template.template.read;
