import { logisticsSettings, type LogisticsSettings, type LogisticsStage } from '@scanbase/contracts/logistics';

/** An instance's settings with defaults (an unreadable value gives the defaults). */
export function readLogisticsSettings(raw: unknown): LogisticsSettings {
  const parsed = logisticsSettings.safeParse(raw ?? {});
  return parsed.success ? parsed.data : logisticsSettings.parse({});
}

/** Problems with the stages, by stage index, plus one for the list as a whole. */
export function stageIssues(stages: readonly LogisticsStage[]): { list?: string; byIndex: Record<number, string> } {
  const byIndex: Record<number, string> = {};
  const seen = new Map<string, number>();
  stages.forEach((stage, index) => {
    const name = stage.name.trim();
    if (name === '') byIndex[index] = 'Name the stage';
    else if (seen.has(name.toLowerCase())) byIndex[index] = 'Two stages have this name';
    seen.set(name.toLowerCase(), index);
  });
  if (stages.length < 2) return { list: 'At least two stages', byIndex };
  if (stages.length > 20) return { list: 'At most 20 stages', byIndex };
  return { byIndex };
}

/** "3 h 20 min ago", "2 days ago": how long a package has been at its stage. */
export function ageText(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
