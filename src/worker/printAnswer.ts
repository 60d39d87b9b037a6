import type { CodeGraph } from '../core/CodeGraph';
import { diagramModel } from '../core/diagram/diagramModel';
import { createFileSourceReader } from '../core/format/FileSourceReader';
import type { SourceReader } from '../core/format/SourceReader';
import { formatMermaid } from '../core/format/formatMermaid';
import { answerText } from '../core/format/fitToBudget';
import { formatMarkdown } from '../core/format/formatMarkdown';
import { formatTestCommands } from '../core/format/formatImpact';
import type { IndexReport } from '../core/indexer/indexWorkspace';
import { runQuery } from '../core/query/QueryRequest';
import { QueryResult } from '../core/query/QueryResult';
import { gitChanges } from '../core/query/impact/gitChanges';
import { impactQuery } from '../core/query/impact/query';
import { exportGraph, formatExport } from './exportGraph';
import { collectStats, formatStats } from './formatStats';
import type { AnswerFormat, IndexSummary, PrintQuestion, PrintedAnswer } from './protocol';

/** The part of `CodeGraph` printing reads; the CLI's tests hand in graphs they built. */
export type PrintableGraph = Pick<CodeGraph, 'root' | 'graph' | 'report' | 'answer'> & Partial<Pick<CodeGraph, 'problems' | 'errors'>>;

/**
 * `question` on `graph`, written in `format` as a host prints it: the one place that turns a result
 * into the CLI's bytes, whether the graph lives in the graph worker (`print`) or in a test's process.
 */
export async function printAnswer(graph: PrintableGraph, question: PrintQuestion, format: AnswerFormat, reader: SourceReader = createFileSourceReader(graph.root)): Promise<PrintedAnswer> {
  const index = indexSummary(graph.report);
  switch (question.kind) {
    case 'export':
      return { kind: 'printed', output: formatExport(exportGraph(graph.graph, graph.root)), incomplete: false, index };
    case 'stats': {
      // Problems and errors as the graph stands now: the report's are its index's, and updates since fixed or broke files.
      const report = { ...graph.report, ...(graph.problems ? { problems: graph.problems() } : {}), ...(graph.errors ? { errors: graph.errors() } : {}) };
      const stats = collectStats(graph.graph, report, graph.root);
      return { kind: 'printed', output: format === 'json' ? `${JSON.stringify(stats, null, 2)}\n` : formatStats(stats), incomplete: false, index };
    }
    case 'query':
      return printResult(runQuery(graph, question.args), format, graph, reader, index);
    case 'changes': {
      const listed = gitChanges(graph.root, question.base);
      if ('error' in listed) return { kind: 'refused', text: withNewline(listed.error), index };
      const result = graph.answer({ query: impactQuery.name, changes: listed.changes, base: listed.base });
      const printed = await printResult(result, format, graph, reader, index);
      if (printed.kind !== 'printed' || result.kind !== 'graph') return printed;
      return { ...printed, changed: result.impact?.changed ?? [], unparsed: result.impact?.unparsed ?? [] };
    }
  }
}

/** The index an answer came from, as a host reports it. */
export function indexSummary(report: IndexReport): IndexSummary {
  const { files, nodes, edges, millis } = report;
  return { files, nodes, edges, millis, errors: report.errors ?? [], warnings: report.warnings ?? [], ...(report.cache === 'full' ? { fromCache: true } : {}) };
}

/** A query's result (a first answer too) as the CLI writes it on a terminal. */
export async function printedText(result: QueryResult, reader: SourceReader): Promise<string> {
  return withNewline(await answerText(result, reader));
}

async function printResult(result: QueryResult, format: AnswerFormat, graph: PrintableGraph, reader: SourceReader, index: IndexSummary): Promise<PrintedAnswer> {
  // Bad input is an error whatever the format: stdout stays empty so `> out.txt` never keeps half an answer.
  if (result.kind === 'message' && result.isError) return { kind: 'refused', text: withNewline(result.message), index };
  const incomplete = !!result.warnings?.length;
  // The page itself is the host's to write (the graph view's renderer is not the worker's): its model, with the graph's exact `+N` counts.
  if (format === 'html') return { kind: 'printed', output: '', diagram: { model: diagramModel(result, { source: reader, graph: graph.graph }), root: graph.root }, incomplete, index };
  const output = await render(result, format, reader);
  return { kind: 'printed', output: withNewline(output), incomplete, index };
}

async function render(result: QueryResult, format: Exclude<AnswerFormat, 'html'>, reader: SourceReader): Promise<string> {
  switch (format) {
    case 'text':
      // The tools' token budget holds in a terminal too: an agent reads this.
      return answerText(result, reader);
    case 'json':
      return JSON.stringify(result, null, 2);
    case 'mermaid':
      return formatMermaid(result);
    case 'markdown':
      return formatMarkdown(result);
    case 'tests':
      return formatTestCommands(result.kind === 'graph' ? result.impact : undefined, result.kind === 'message' ? result.message : undefined);
  }
}

function withNewline(s: string): string {
  return s.endsWith('\n') ? s : `${s}\n`;
}
