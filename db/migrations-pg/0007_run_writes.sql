-- The run engine's two hot writes as one round trip each (issue 20): a run's completion (its row,
-- its listing pointer and its evaluation) and a group of deferred self-assessments (runs and
-- evaluations). Both fire the metrics rollup's triggers, which update the batch's shared group
-- rows (its pending/running/completed counts); their row locks are held to the commit, so a
-- transaction that waited on the client between statements made every other run of the batch
-- wait too. Called outside a transaction, each is its own and holds those locks only while the
-- server runs it. The statements are the application's (db/queries/runs.ts, run-confidence.ts),
-- in the same order, so the triggers see the same states.
CREATE FUNCTION "mcp_eval_complete_run"(r jsonb, e jsonb, tool_set integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  -- A listing nobody points at yet is dropped only under FOR UPDATE (mcp_eval_drop_unused_tool_set).
  IF tool_set IS NOT NULL THEN
    PERFORM 1 FROM "tool_sets" WHERE "id" = tool_set FOR SHARE;
  END IF;
  UPDATE "test_runs" SET "status" = 'completed', "error_message" = NULL, "completed_at" = r->>'completedAt',
    "llm_response_raw" = (r->>'llmResponseRaw')::json, "selected_server" = r->>'selectedServer', "selected_tool" = r->>'selectedTool',
    "extracted_parameters" = (r->>'extractedParameters')::json, "confidence_score" = (r->>'confidenceScore')::double precision,
    "confidence_category" = r->>'confidenceCategory', "confidence_source" = r->>'confidenceSource', "classification" = r->>'classification',
    "execution_time_ms" = (r->>'executionTimeMs')::integer, "input_tokens" = (r->>'inputTokens')::integer,
    "output_tokens" = (r->>'outputTokens')::integer, "failure_reasons" = (r->>'failureReasons')::json,
    "tool_set_id" = coalesce(tool_set, "tool_set_id")
  WHERE "id" = r->>'id' AND "status" IN ('pending', 'running');
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO "evaluation_results" ("id", "test_run_id", "classification", "expected_server", "expected_tool", "selected_server",
    "selected_tool", "tool_correct", "parameter_completeness", "parameter_correctness", "type_conformance",
    "hallucinated_parameters", "missing_required", "type_errors", "failure_reasons", "confidence_score",
    "confidence_category", "pass_k", "reasoning", "recommendations", "argument_matching", "created_at")
  VALUES (e->>'id', e->>'testRunId', e->>'classification', e->>'expectedServer', e->>'expectedTool', e->>'selectedServer',
    e->>'selectedTool', (e->>'toolCorrect')::boolean, (e->>'parameterCompleteness')::double precision,
    (e->>'parameterCorrectness')::double precision, (e->>'typeConformance')::double precision,
    (e->>'hallucinatedParameters')::json, (e->>'missingRequired')::json, (e->>'typeErrors')::json, (e->>'failureReasons')::json,
    (e->>'confidenceScore')::double precision, e->>'confidenceCategory', (e->>'passK')::boolean, e->>'reasoning',
    (e->>'recommendations')::json, e->>'argumentMatching', e->>'createdAt');
  RETURN true;
END $$;--> statement-breakpoint
-- Deferred self-assessments: each completed run of `runs` takes its confidence, tokens and
-- assessment (the pending mark and an earlier error dropped), then its evaluation its confidence,
-- category, reasoning and advice. Answers the ids of the runs that took it.
CREATE FUNCTION "mcp_eval_record_assessments"(runs jsonb, evals jsonb) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  done text[];
BEGIN
  WITH written AS (
    UPDATE "test_runs" t SET "confidence_score" = v."confidenceScore", "confidence_category" = v."confidenceCategory",
      "confidence_source" = v."confidenceSource",
      "input_tokens" = coalesce(t."input_tokens", 0) + v."inputTokens", "output_tokens" = coalesce(t."output_tokens", 0) + v."outputTokens",
      "llm_response_raw" = ((coalesce(t."llm_response_raw"::jsonb, '{}'::jsonb) - 'assessmentPending' - 'assessmentError')
        || jsonb_build_object('assessment', cast(v."assessment" as jsonb))
        || CASE WHEN v."assessmentError" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('assessmentError', v."assessmentError") END)::json
    FROM jsonb_to_recordset(runs) AS v("id" text, "confidenceScore" double precision, "confidenceCategory" text, "confidenceSource" text,
      "inputTokens" integer, "outputTokens" integer, "assessment" text, "assessmentError" text)
    WHERE t."id" = v."id" AND t."status" = 'completed'
    RETURNING t."id"
  )
  SELECT coalesce(array_agg(written."id"), '{}') INTO done FROM written;
  UPDATE "evaluation_results" e SET "confidence_score" = v."confidenceScore", "confidence_category" = v."confidenceCategory",
    "reasoning" = v."reasoning", "recommendations" = cast(v."recommendations" as json)
  FROM jsonb_to_recordset(evals) AS v("id" text, "confidenceScore" double precision, "confidenceCategory" text, "reasoning" text, "recommendations" text)
  WHERE e."test_run_id" = v."id" AND v."id" = ANY(done);
  RETURN QUERY SELECT unnest(done);
END $$;
