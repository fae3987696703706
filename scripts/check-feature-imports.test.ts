import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findAdapterProblems,
  findCycles,
  findLayerProblems,
  findProblems,
  findServerFolderCycles,
} from './check-feature-imports';

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

describe('adapter leaf check', () => {
  const adapter = (relative: string) => path.resolve('src/server/adapters', relative);

  it('flags an adapter importing the job queue, a module or the database', () => {
    const source = [
      "import { enqueue } from '../../jobs/queue';",
      "import { sign } from '../../modules/print-files/signing';",
      "import type { Db } from '../../db/client';",
    ].join('\n');
    const problems = findAdapterProblems(adapter('printer/local.ts'), source);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain('an adapter imports src/server/jobs');
  });

  it('allows other adapters and shared code, and leaves adapter tests alone', () => {
    const source = [
      "import type { Storage } from '../storage/index';",
      "import type { CoverType } from '../../../shared/domain/statuses';",
    ].join('\n');
    expect(findAdapterProblems(adapter('printer/lulu.ts'), source)).toEqual([]);
    expect(
      findAdapterProblems(adapter('printer/local.test.ts'), "import { queryRows } from '../../db/client';"),
    ).toEqual([]);
  });

  it('finds a client circle closed by a lazy import, and not one closed by a type import', () => {
    const drawer = file('components/layout/mobile-drawer.tsx');
    const panel = file('components/layout/mobile-drawer-panel.tsx');
    const lazyCircle = new Map([
      [drawer, "const load = () => import('./mobile-drawer-panel');"],
      [panel, "import { MenuButton } from './mobile-drawer';"],
    ]);
    expect(findCycles(lazyCircle)).toEqual([[drawer, panel]]);

    const typeOnly = new Map([
      [drawer, "const load = () => import('./mobile-drawer-panel');"],
      [panel, "import type { MenuButtonProps } from './mobile-drawer';"],
    ]);
    expect(findCycles(typeOnly)).toEqual([]);
  });
});

describe('server layers and folder circles', () => {
  const server = (relative: string) => path.resolve('src/server', relative);

  it('flags db/ or an adapter importing a layer above it, and allows what sits beside or below', () => {
    const fromDb = findLayerProblems(
      server('db/schema.ts'),
      "import { DRAWING_QUEUES } from '../jobs/payloads';",
    );
    expect(fromDb).toHaveLength(1);
    expect(fromDb[0]).toContain('db/ imports jobs');
    expect(
      findLayerProblems(server('adapters/mail/outbox.ts'), "import { x } from '../../plugins/auth';"),
    ).toHaveLength(1);
    expect(
      findLayerProblems(server('adapters/storage/s3.ts'), "import { x } from '../../book/plan';"),
    ).toHaveLength(1);
    const fine = ["import { SERVER_SOURCE } from '../paths';", "import { x } from './job-queues';"].join(
      '\n',
    );
    expect(findLayerProblems(server('db/client.ts'), fine)).toEqual([]);
    expect(findLayerProblems(server('db/db.test.ts'), "import { buildApp } from '../app';")).toEqual([]);
  });

  it('finds a circle between two server folders, type imports included, and none inside one folder', () => {
    const circle = new Map([
      [server('modules/books/service.ts'), "import { planBook } from '../production/book-plan';"],
      [server('modules/production/copy-variant.ts'), "import type { X } from '../books/versions';"],
    ]);
    expect(findServerFolderCycles(circle)).toEqual([['modules/books', 'modules/production']]);

    const topLevel = new Map([
      [server('services.ts'), "import { loggerOptions } from './app';"],
      [server('app.ts'), "import type { Services } from './services';"],
    ]);
    expect(findServerFolderCycles(topLevel)).toEqual([['services', 'app']]);

    const inside = new Map([
      [server('book/plan.ts'), "import { a } from './versions';"],
      [server('book/versions.ts'), "import { b } from './plan';"],
      [server('modules/books/service.ts'), "import { planBook } from '../../book/plan';"],
    ]);
    expect(findServerFolderCycles(inside)).toEqual([]);
  });

  it('leaves tests and test helpers out of the folder circles', () => {
    const viaTest = new Map([
      [server('modules/books/books.test.ts'), "import { waitFor } from '../production/test-factory';"],
      [server('modules/production/draw-book.ts'), "import { x } from '../books/service';"],
    ]);
    expect(findServerFolderCycles(viaTest)).toEqual([]);
  });
});
