import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProblems } from './check-feature-imports';

const client = path.resolve('src/client');
const file = (relative: string) => path.join(client, relative);

describe('feature import check', () => {
  it('flags a feature importing another feature', () => {
    const problems = findProblems(
      file('features/home/components/hero.tsx'),
      "import { x } from '../../profile/api/get-x';",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('feature "home" imports feature "profile"');
  });

  it('allows imports inside a feature and down to components and shared', () => {
    const source = [
      "import { a } from '../api/get-a';",
      "import { Button } from '../../../components/ui/button';",
      "import { LANGUAGES } from '../../../../shared/i18n';",
    ].join('\n');
    expect(findProblems(file('features/home/components/hero.tsx'), source)).toEqual([]);
  });

  it('flags a feature or component importing a route, but lets the router do it', () => {
    expect(
      findProblems(file('components/layout/top-bar.tsx'), "import x from '../../routes/home';"),
    ).toHaveLength(1);
    expect(findProblems(file('router.tsx'), "const home = () => import('./routes/home');")).toEqual([]);
  });
});
