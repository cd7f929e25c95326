import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { openSqliteAtMigration } from './helpers/migrations';

/** Migration 0013 adds test_runs.confidence_source and fills it in for the runs already rated. */

function writeDatabaseAt0012(file: string): void {
  const sqlite = openSqliteAtMigration(file, 12);
  try {
    sqlite.exec(`
      insert into test_cases (id, name, query) values ('t1', 'case one', 'q');
      insert into model_settings (id, provider, model) values ('m-openai', 'openai', 'gpt'), ('m-local', 'local', 'hybrid');
      insert into test_runs (id, test_case_id, model_settings_id, status, samples, confidence_score, confidence_category, classification) values
        ('r-self', 't1', 'm-openai', 'completed', 1, 0.9, 'robust', 'TP'),
        ('r-agree', 't1', 'm-openai', 'completed', 3, 0.67, 'needs_clarity', 'TP'),
        ('r-margin', 't1', 'm-local', 'completed', 1, 0.2, 'needs_clarity', 'FN'),
        ('r-local-agree', 't1', 'm-local', 'completed', 3, 1, 'robust', 'TP'),
        ('r-unrated', 't1', 'm-openai', 'completed', 1, null, null, 'TP'),
        ('r-no-settings', 't1', null, 'completed', 1, 0.8, 'robust', 'TP'),
        ('r-failed', 't1', 'm-openai', 'failed', 1, null, null, null);
    `);
  } finally {
    sqlite.close();
  }
}

describe('migration 0013 (confidence source)', () => {
  it('names the method of every rated run, leaves the unrated and the unknown NULL, and checks new values', () => {
    writeDatabaseAt0012(databaseFile());
    const sqlite = getSqlite();
    expect(sqlite.prepare('select id, confidence_score as score, confidence_source as source from test_runs order by id').all()).toEqual([
      { id: 'r-agree', score: 0.67, source: 'sample_agreement' },
      { id: 'r-failed', score: null, source: null },
      { id: 'r-local-agree', score: 1, source: 'sample_agreement' },
      { id: 'r-margin', score: 0.2, source: 'local_margin' },
      { id: 'r-no-settings', score: 0.8, source: null },
      { id: 'r-self', score: 0.9, source: 'self_assessment' },
      { id: 'r-unrated', score: null, source: null },
    ]);
    expect(() => sqlite.prepare(`update test_runs set confidence_source = 'vibes' where id = 'r-self'`).run()).toThrow(/CHECK/);
    sqlite.prepare(`update test_runs set confidence_source = 'logprobs' where id = 'r-self'`).run();
    expect(sqlite.prepare(`select confidence_source as s from test_runs where id = 'r-self'`).get()).toEqual({ s: 'logprobs' });
  });
});
