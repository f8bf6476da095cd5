// The formats a run writes its report in: the console summary always, and each file the user asked for. One
// list for every way of judging (a live run, recorded traffic, the proxy), so that each writes the same reports;
// a run that judged nothing writes the files alone (src/run/unjudged-run.ts).
import type { ReportFormat } from '../contract/report.ts';
import { githubConsole, githubFormat } from './github.ts';
import { htmlFormat } from './html.ts';
import { jsonFormat } from './json.ts';
import { junitFormat } from './junit.ts';
import { markdownFormat } from './markdown.ts';
import { summaryFormat } from './summary.ts';

export interface ReportFiles {
  reportJson: string | undefined;
  reportJunit: string | undefined;
  reportMarkdown: string | undefined;
  reportHtml: string | undefined;
  /** running in GitHub Actions: annotations, and the summary appended to stepSummary when set */
  github: { stepSummary: string | undefined } | undefined;
}

export function reportFormats(files: ReportFiles, write: (text: string) => void): ReportFormat[] {
  // in GitHub Actions, the log is folded per area and no line of it is read as a workflow command; the annotations
  // follow it. In a terminal the summary comes last, after the lines that name the files: its last screen is the
  // causes and the closing line
  return files.github ? [githubConsole(write), ...fileFormats(files, write)] : [...fileFormats(files, write), summaryFormat(write)];
}

/** The formats asked for besides the console's: each file, and under GitHub Actions the annotations and step summary. */
export function fileFormats(files: ReportFiles, write: (text: string) => void): ReportFormat[] {
  return [
    ...(files.reportJson ? [jsonFormat(files.reportJson, write)] : []),
    ...(files.reportJunit ? [junitFormat(files.reportJunit, write)] : []),
    ...(files.reportMarkdown ? [markdownFormat(files.reportMarkdown, write)] : []),
    ...(files.reportHtml ? [htmlFormat(files.reportHtml, write)] : []),
    ...(files.github ? [githubFormat(write, files.github.stepSummary)] : []),
  ];
}
