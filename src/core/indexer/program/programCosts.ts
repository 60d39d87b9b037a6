import { programCostMb } from './memoryBudget';

/** The lowest scale a measurement sets: programs never cost less than a quarter of the estimate. */
const MIN_SCALE = 0.25;

/** What a cost is estimated from: a project's root files, and the files its last program held once built. */
export interface CostedProject {
  config: { fileNames: readonly string[] };
  files?: readonly string[];
}

/**
 * Programs' costs, calibrated by what the compiler's process really holds. A measurement (the native
 * compiler's resident memory with its open programs extracted) scales the deterministic estimate
 * (programCostMb) up when that process holds more than estimated, and down (to a quarter at most:
 * programs opened together share their files' parses) when it holds less; and a
 * project not built yet is expected to hold as many files as the programs built so far typically
 * did (a test folder's config names a few files and its program pulls in thousands).
 *
 * The scale follows a rise at once and a fall slowly: the budget is what must not be exceeded.
 */
export class ProgramCosts {
  /** Measured MB per estimated MB (≥ MIN_SCALE). */
  scale = 1;
  /** Whether a measurement with programs open has set the scale. */
  calibrated = false;
  /** The process's memory with no program open (its runtime, the standard library's tables), in MB. */
  private baseMb: number | undefined;
  /** Files of each program built so far (the standard library left out). */
  private readonly built: number[] = [];
  private typical = 0;

  /** The files `project`'s program holds or, before it was built, is expected to. */
  filesOf(project: CostedProject): number {
    return project.files?.length ?? Math.max(project.config.fileNames.length, this.typical);
  }

  /** `project`'s program's cost in MB, as calibrated now. */
  estimate(project: CostedProject): number {
    return programCostMb(this.filesOf(project)) * this.scale;
  }

  /** A program was built holding `files` files: what projects not built yet are expected to hold. */
  builtProgram(files: number): void {
    this.built.push(files);
    const sorted = [...this.built].sort((a, b) => a - b);
    this.typical = sorted[Math.floor(sorted.length / 2)];
  }

  /**
   * The process holds `rssMb` with the programs of `live` open (their files extracted): the scale
   * becomes what that measurement says, above what the process holds with nothing open (the
   * smallest measurement with none open; none before it).
   */
  observe(rssMb: number, live: readonly CostedProject[]): void {
    if (live.length === 0) {
      this.baseMb = Math.min(this.baseMb ?? rssMb, rssMb);
      return;
    }
    const estimated = live.reduce((sum, p) => sum + programCostMb(this.filesOf(p)), 0);
    const ratio = Math.max(MIN_SCALE, (rssMb - (this.baseMb ?? 0)) / estimated);
    this.scale = ratio >= this.scale || !this.calibrated ? ratio : this.scale * 0.75 + ratio * 0.25;
    this.calibrated = true;
  }

  /** What the process itself holds beside its programs, in MB (0 before any measurement). */
  get overheadMb(): number {
    return this.baseMb ?? 0;
  }
}
