import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
/** A relative path up `depth` folders into the SPA's folder, for the probes (this file imports nothing from it). */
const spa = (depth: number) => '../'.repeat(depth) + 'src';
const ruleOf = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0].messages.map((m) => m.ruleId);

describe('the core/ fence (npm run lint)', () => {
  it('refuses an import of the SPA from the server and from the bench', async () => {
    expect(await ruleOf('server/jobs/fenceProbe.ts', `import { x } from '${spa(2)}/jobs/sheet/x';\nexport const y = x;\n`)).toContain('no-restricted-imports');
    expect(await ruleOf('bench/fenceProbe.ts', `import { x } from '${spa(1)}/mail/x';\nexport const y = x;\n`)).toContain('no-restricted-imports');
  });

  it('refuses React and the app sides inside core/, and takes core/ and pure libraries', async () => {
    expect(await ruleOf('core/jobs/fenceProbe.ts', "import { useState } from 'react';\nexport const y = useState;\n")).toContain('no-restricted-imports');
    expect(await ruleOf('core/jobs/fenceProbe.ts', "import { x } from '../../server/jobs/x';\nexport const y = x;\n")).toContain('no-restricted-imports');
    expect(
      await ruleOf('core/jobs/fenceProbe.ts', "import * as yup from 'yup';\nimport { ROLES } from '../access/roles';\nexport const y = [yup, ROLES];\n"),
    ).toEqual([]);
    expect(await ruleOf('server/jobs/fenceProbe.ts', "import { ROLES } from '../../core/access/roles';\nexport const y = ROLES;\n")).toEqual([]);
  });
});
