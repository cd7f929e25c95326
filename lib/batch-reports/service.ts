import { streamParts } from '../similarity/report/stream';
import { readBatchReport, reportFileName } from './data';
import { getBatchReportFormat } from './registry';

export type BatchReportFile = { body: ReadableStream<Uint8Array>; contentType: string; fileName: string };

/** The batch's report in one format, streamed. NotFoundError for an unknown batch, ValidationError for an unknown format. */
export async function batchReportFile(batchId: string, format: string, origin: string): Promise<BatchReportFile> {
  const exporter = getBatchReportFormat(format);
  const data = await readBatchReport(batchId, { origin });
  return { body: streamParts(exporter.render(data)[Symbol.iterator]()), contentType: exporter.contentType, fileName: reportFileName(data, exporter.fileExtension) };
}
