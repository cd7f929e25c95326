import fs from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { ROOT } from './cli';

/** The JUnit XSD Jenkins reads (tests/fixtures/junit-10.xsd). */
const XSD = { fileName: 'junit-10.xsd', contents: fs.readFileSync(path.join(ROOT, 'tests/fixtures/junit-10.xsd'), 'utf8') };

/**
 * Validates JUnit XML against junit-10.xsd with libxml2's own schema validator (xmllint compiled
 * to wasm; it runs offline, the wasm ships in the package): [] when valid, else xmllint's
 * messages. The XSD declares every element globally, so any of them could be the root; the CLI
 * writes <testsuites>, which is checked too.
 */
export async function junitXsdProblems(xml: string, fileName = 'junit.xml'): Promise<string[]> {
  const result = await validateXML({ xml: { fileName, contents: xml }, schema: XSD });
  const problems = result.errors.map((e) => `${e.loc ? `line ${e.loc.lineNumber}: ` : ''}${e.message}`);
  if (!result.valid && problems.length === 0) problems.push(result.rawOutput.trim() || 'invalid');
  const root = /^(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*)/.exec(xml)?.[1];
  if (result.valid && root !== 'testsuites') problems.push(`the root element is <${root ?? '?'}>, not <testsuites>`);
  return problems;
}
