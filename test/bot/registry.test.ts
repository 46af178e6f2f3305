import { describe, expect, it } from 'vitest';
import { commandDefinitions, FEATURES } from '../../commands/index.js';
import { buildRegistry, RegistryConflict } from '../../src/bot/registry.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { tallyFeature } from '../fixtures/tally-feature/feature.js';

describe('the registry of features', () => {
  it('finds each command the features define by the name Discord sends', () => {
    const registry = buildRegistry(FEATURES);
    const names = commandDefinitions(loadLanguages()).map((definition) => definition.name);
    expect(names).toEqual(['crag', 'crag-settings']);
    for (const name of names) expect(registry.command(name)?.name).toBe(name);
    expect(registry.command('tally')).toBeUndefined();
    expect(buildRegistry([...FEATURES, tallyFeature]).command('tally')?.name).toBe('tally');
  });

  it('refuses two features claiming one command name, naming both', () => {
    const copycat = { ...tallyFeature, name: 'copycat', controls: [] };
    expect(() => buildRegistry([tallyFeature, copycat])).toThrow(RegistryConflict);
    expect(() => buildRegistry([tallyFeature, copycat])).toThrow(
      'command "tally" is claimed by both tally and copycat',
    );
  });

  it('refuses two features claiming one custom_id prefix, naming both', () => {
    const crag = FEATURES.find((feature) => feature.controls.some((control) => control.prefix === 'crag'));
    const copycat = {
      name: 'copycat',
      commands: [],
      controls: tallyFeature.controls.map((c) => ({ ...c, prefix: 'crag' })),
    };
    expect(() => buildRegistry([...FEATURES, copycat])).toThrow(
      `custom_id prefix "crag" is claimed by both ${crag?.name} and copycat`,
    );
  });
});
