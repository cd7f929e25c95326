import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '../client';
import { toolExecutions, type ToolExecutionRow } from '../schema';
import { newId, type Page } from './util';

export async function insertToolExecution(values: Omit<ToolExecutionRow, 'id' | 'createdAt'>): Promise<ToolExecutionRow> {
  return getDb().insert(toolExecutions).values({ ...values, id: newId() }).returning().get();
}

export async function listToolExecutions(serverId: string, page: Page & { toolName?: string }): Promise<{ rows: ToolExecutionRow[]; total: number }> {
  const db = getDb();
  const where = and(eq(toolExecutions.serverId, serverId), page.toolName ? eq(toolExecutions.toolName, page.toolName) : undefined);
  const rows = db
    .select()
    .from(toolExecutions)
    .where(where)
    .orderBy(desc(toolExecutions.createdAt), desc(toolExecutions.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
  const total = db.select({ n: count() }).from(toolExecutions).where(where).get()?.n ?? 0;
  return { rows, total };
}
