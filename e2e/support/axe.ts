import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails when axe-core finds a serious or critical accessibility problem on the page as it is now. */
export async function expectNoSeriousA11yIssues(
  page: Page,
  options: { include?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const summary = serious.map(
    (violation) =>
      `${violation.impact}: ${violation.id} – ${violation.help}\n${violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ')}`)
        .join('\n')}`,
  );
  expect(summary, `axe found serious problems on ${page.url()}`).toEqual([]);
}
