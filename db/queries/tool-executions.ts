import 'server-only';
import { and, count, desc, eq } from 'drizzle-orm';
import { getDb } from '../client';
import { toolExecutions } from '../tables';
import type { ToolExecutionRow } from '../schema';
import { newId, type Page } from './util';

export async function insertToolExecution(values: Omit<ToolExecutionRow, 'id' | 'createdAt'>): Promise<ToolExecutionRow> {
  const [row] = await getDb().insert(toolExecutions).values({ ...values, id: newId() }).returning();
  if (!row) throw new Error('tool execution row not written');
  return row;
}

export async function listToolExecutions(serverId: string, page: Page & { toolName?: string }): Promise<{ rows: ToolExecutionRow[]; total: number }> {
  const db = getDb();
  const where = and(eq(toolExecutions.serverId, serverId), page.toolName ? eq(toolExecutions.toolName, page.toolName) : undefined);
  const rows = await db.select().from(toolExecutions).where(where).orderBy(desc(toolExecutions.createdAt), desc(toolExecutions.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(toolExecutions).where(where);
  return { rows, total: total?.n ?? 0 };
}
