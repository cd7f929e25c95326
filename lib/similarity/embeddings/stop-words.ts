/**
 * Words that carry no meaning in a tool description's bag of words: English function words
 * plus the boilerplate nearly every tool description uses ("use this tool to...", "returns",
 * "the specified"). Left in, they pull every pair of descriptions together and the word-vector
 * model could not tell a todo tool from a search tool.
 */
const ENGLISH = `a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing down during each either etc few for from
further had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not now of off on once only or other our ours ourselves out over own
same she should so some such than that the their theirs them themselves then there these they this those
through to too under until up us very via was we were what when where which while who whom why will with
within without would yet you your yours yourself yourselves`;

const TOOL_BOILERPLATE = `tool tools use uses using used call calls called returns return returned given specified
provided provides optional optionally required eg ie etc may must one ones based whether`;

export const STOP_WORDS: ReadonlySet<string> = new Set(`${ENGLISH} ${TOOL_BOILERPLATE}`.split(/\s+/).filter(Boolean));
