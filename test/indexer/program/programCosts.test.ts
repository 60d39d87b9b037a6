import * as assert from 'node:assert/strict';
import * as ts from 'typescript';
import { silentLogger } from '../../../src/core/Logger';
import type { CompilerPort, CompilerProgram, ProgramRequest } from '../../../src/core/compiler/CompilerPort';
import type { NodeLocator } from '../../../src/core/indexer/file/NodeLocator';
import type { ProjectConfig } from '../../../src/core/indexer/program/discoverProjects';
import { memoryBudget, programCostMb } from '../../../src/core/indexer/program/memoryBudget';
import { ProgramCosts } from '../../../src/core/indexer/program/programCosts';
import { WorkspacePrograms } from '../../../src/core/indexer/program/WorkspacePrograms';

/**
 * Issue 39: the native compiler's memory is governed by measurement. A config names a few root files
 * and its program pulls in many more, each costing more than the estimate: the calibration learns both
 * from the process's measured memory (faked here), and the walk's groups then keep the process within
 * the programs' share of the budget.
 */
describe('program costs calibrated by the measured memory of the compiler process', () => {
  const project = (rootFiles: number, files?: number) => ({
    config: { fileNames: Array.from({ length: rootFiles }, (_, i) => `/w/f${i}.ts`) },
    ...(files === undefined ? {} : { files: Array.from({ length: files }, (_, i) => `/w/g${i}.ts`) }),
  });

  it('expects an unbuilt project to hold what built programs typically held', () => {
    const costs = new ProgramCosts();
    assert.equal(costs.estimate(project(2)), programCostMb(2));
    for (const n of [900, 1000, 1100]) costs.builtProgram(n);
    assert.equal(costs.filesOf(project(2)), 1000);
    assert.equal(costs.filesOf(project(5000)), 5000, 'more root files than typical: its own count');
    assert.equal(costs.filesOf(project(2, 30)), 30, 'built: what its program held');
  });

  it('scales the estimate to what was measured above the idle process, up at once, down slowly, to a quarter at least', () => {
    const costs = new ProgramCosts();
    costs.observe(50, []);
    assert.equal(costs.calibrated, false);
    const live = [project(1, 100), project(1, 100)];
    const estimated = 2 * programCostMb(100);
    costs.observe(50 + 4 * estimated, live);
    assert.equal(costs.calibrated, true);
    assert.equal(costs.scale, 4);
    assert.equal(costs.estimate(project(1, 100)), 4 * programCostMb(100));
    costs.observe(50 + 2 * estimated, live);
    assert.ok(costs.scale > 2 && costs.scale < 4, `falls slowly: ${costs.scale}`);
    for (let i = 0; i < 50; i++) costs.observe(50 + 0.5 * estimated, live);
    assert.ok(Math.abs(costs.scale - 0.5) < 1e-3, `down to what was measured: ${costs.scale}`);
    for (let i = 0; i < 50; i++) costs.observe(50 + 0.01 * estimated, live);
    assert.ok(Math.abs(costs.scale - 0.25) < 1e-3, `never below a quarter of the estimate: ${costs.scale}`);
    costs.observe(50 + 6 * estimated, live);
    assert.equal(costs.scale, 6, 'a rise is followed at once');
  });

  /**
   * A native compiler whose process holds 40 MB idle and 4× the estimate per open program (the
   * program holding 200 files whatever its 2 root files); it reports that as its memory.
   */
  class FakeNative implements Partial<CompilerPort> {
    readonly kind = 'native' as const;
    readonly open = new Set<string>();
    peak = 0;
    groups: number[] = [];
    constructor(private readonly measurable = true) {}
    private mb(): number {
      return 40 + this.open.size * 4 * programCostMb(200);
    }
    build(requests: ProgramRequest[], release: readonly ProjectConfig[] = []): CompilerProgram[] {
      for (const c of release) this.open.delete(c.configPath!);
      const opened = requests.filter((r) => !this.open.has(r.config.configPath!)).length;
      this.groups.push(opened);
      for (const r of requests) this.open.add(r.config.configPath!);
      this.peak = Math.max(this.peak, this.mb());
      return requests.map((r) => {
        const names = Array.from({ length: 200 }, (_, i) => `${r.config.configPath}/f${i}.ts`);
        return { getSourceFileNames: () => names, isDefaultLibraryFile: () => false, missingLibraryFiles: () => [] } as unknown as CompilerProgram;
      });
    }
    close(config: ProjectConfig): void {
      this.open.delete(config.configPath!);
    }
    memoryNow(): number | undefined {
      return this.measurable ? this.mb() * 2 ** 20 : undefined;
    }
  }

  function walk(compiler: FakeNative, memoryMb: number): WorkspacePrograms {
    const programs = new WorkspacePrograms(ts, '/w', compiler as unknown as CompilerPort, silentLogger, undefined, () => {}, undefined, memoryBudget(memoryMb));
    programs.useCompiler(compiler as unknown as CompilerPort, { targetsFor: () => undefined } as unknown as NodeLocator);
    programs.projects = Array.from({ length: 40 }, (_, i) => ({ config: { configPath: `/w/p${i}/tsconfig.json`, options: {}, fileNames: [`/w/p${i}/a.ts`, `/w/p${i}/b.ts`], problems: [] } }));
    programs.buildAll();
    return programs;
  }

  it('opens projects in groups that keep the measured process within the programs’ share of the budget', () => {
    const compiler = new FakeNative();
    // Programs' share: 2,000 MB; a program really costs 4 × 108 = 432 MB: four fit beside the idle process.
    const programs = walk(compiler, 4000);
    assert.ok(programs.projects.every((p) => p.files?.length === 200), 'every project was built');
    assert.ok(compiler.peak <= 2000, `the process peaked at ${compiler.peak} MB`);
    assert.ok(compiler.groups.length < 40 && Math.max(...compiler.groups) >= 3, `groups once calibrated hold several projects: ${compiler.groups.join(',')}`);
    assert.ok(programs.costs.scale >= 3.5, `scale ${programs.costs.scale}`);
  });

  it('without a measurement the estimate alone decides, as before', () => {
    const compiler = new FakeNative(false);
    walk(compiler, 4000);
    assert.ok(compiler.groups[1] > 4, `after the first group, as large as the estimate allows: ${compiler.groups.join(',')}`);
  });
});

/**
 * A native group is one blocking request: a query that arrives meanwhile waits for the whole of it.
 * Groups double from two, but no more projects than the last group built in about 3 s.
 */
describe('the size of the native compiler groups', () => {
  it('doubles from two while builds are quick, and stays near the host\'s bound once they are not', async () => {
    const { groupSizeLimit } = await import('../../../src/core/indexer/program/WorkspacePrograms');
    assert.equal(groupSizeLimit(0, 0, false, 3_000), 2, 'the first group');
    assert.equal(groupSizeLimit(50, 4, false, 3_000), 8, 'quick builds: twice the last');
    assert.equal(groupSizeLimit(1_000, 8, false, 3_000), 3, 'a second per project: three');
    assert.equal(groupSizeLimit(1_400, 13, false, 3_000), 2);
    assert.equal(groupSizeLimit(11_000, 2, false, 3_000), 1, 'never none');
    assert.equal(groupSizeLimit(1_000, 8, false), 16, 'no bound in time asked for (the CLI): memory alone');
    assert.equal(groupSizeLimit(0, 3, true, 3_000), Infinity, 'memory not measurable and no time known: the budget alone decides');
    assert.equal(groupSizeLimit(1_000, 3, true, 3_000), 3);
  });

});
