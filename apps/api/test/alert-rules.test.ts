/**
 * The alert rules of docs/deploy/alerts.yml (issue #46 item 5) are valid Prometheus rules, fire as
 * their unit tests say, name only metrics that /metrics exposes (or node_exporter's), and each links
 * to a section of the runbook. promtool comes from Debian's prometheus package
 * (scripts/prepare-test-machine.mjs installs it): a missing promtool fails the test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { registry } from '../src/lib/metrics.ts';

const deploy = path.join(repoRoot, 'docs/deploy');
const promtool = (...args: string[]) => spawnSync('promtool', args, { cwd: deploy, encoding: 'utf8' });

describe('docs/deploy/alerts.yml', () => {
  it('promtool check rules e promtool test rules passam', () => {
    const checked = promtool('check', 'rules', 'alerts.yml');
    expect(checked.error).toBeUndefined();
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
    const tested = promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
  });

  it('cada alerta tem sua seção no runbook e só usa métricas que existem', async () => {
    const rules = readFileSync(path.join(deploy, 'alerts.yml'), 'utf8');
    const runbook = readFileSync(path.join(deploy, 'runbook.md'), 'utf8');
    const alerts = [...rules.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    expect(alerts).toEqual(
      expect.arrayContaining([
        'UrbanaHighErrorRate',
        'UrbanaSlowResponses',
        'UrbanaWebhookRefusals',
        'UrbanaOutboxStuck',
        'UrbanaReconciliationFinds',
        'UrbanaPlayersSilent',
        'UrbanaDbPoolSaturated',
        'UrbanaDiskAlmostFull',
      ]),
    );
    for (const alert of alerts) {
      expect(runbook).toContain(`## ${alert}\n`);
      expect(rules).toContain(`runbook_url: docs/deploy/runbook.md#${alert.toLowerCase()}`);
    }
    const exposed = new Set((await registry.getMetricsAsJSON()).map((m) => m.name));
    const used = new Set(
      [...rules.matchAll(/\b(urbana_\w+?)(?:_bucket|_count|_sum)?\b[{[ )]/g)].map((m) => m[1]!),
    );
    expect(used.size).toBeGreaterThan(5);
    for (const name of used) expect(exposed, name).toContain(name);
  });
});
