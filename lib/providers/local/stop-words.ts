/**
 * Common English function words plus request boilerplate ("please", "can you"), which carry
 * no signal about which tool fits and would otherwise inflate cosine scores.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further
  had has have having he her here hers herself him himself his how i if in into is it its itself
  just let me more most my myself no nor not now of off on once only or other our ours ourselves
  out over own please same she should so some such than that the their theirs them themselves
  then there these they this those through to too under until up very was we were what when
  where which while who whom why will with would you your yours yourself yourselves
  also maybe kindly want wants need needs get gets got give show tell use using used via
  e g eg ie etc s t`
    .split(/\s+/)
    .filter(Boolean),
);
