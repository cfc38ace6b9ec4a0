import { getMetadataStorage } from 'class-validator';

/** One rule of a class (class-validator's ValidationMetadata; its fields are not read here). */
type ValidationMetadata = object;
type Constructor = abstract new (...args: never[]) => unknown;

type Lookup = (target: Constructor, schema: string, always: boolean, strictGroups: boolean, groups?: string[]) => ValidationMetadata[];
type Grouping = (metadata: ValidationMetadata[]) => Record<string, ValidationMetadata[]>;
const REMEMBERED = Symbol.for('arbitra.validation-rules-cache');

/**
 * class-validator finds a class's rules, on every validation of every object, by walking every class that
 * has rules (`MetadataStorage.getTargetValidationMetadatas` tests `instanceof` against each, for inherited
 * rules) and then groups them by property. With this API's few hundred request classes that was about a
 * tenth of a command's CPU in `bench:http`. Rules come from decorators, when a class is loaded; the answer
 * for a class (and validation options) is remembered, and everything remembered is forgotten when any rule
 * is added. Validation itself is unchanged: the same rules, the same order. Installed once per process.
 */
export function rememberValidationRules(): void {
  const storage = getMetadataStorage() as unknown as {
    getTargetValidationMetadatas: Lookup;
    groupByPropertyName: Grouping;
    addValidationMetadata: (m: ValidationMetadata) => void;
    [REMEMBERED]?: true;
  };
  if (storage[REMEMBERED]) return;
  storage[REMEMBERED] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let found = new Map<Constructor, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();
  storage.addValidationMetadata = (metadata) => {
    found = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = found.get(target);
    if (!byOptions) found.set(target, (byOptions = new Map()));
    let rules = byOptions.get(key);
    if (!rules) byOptions.set(key, (rules = Object.freeze(lookup(target, schema, always, strictGroups, groups)) as ValidationMetadata[]));
    return rules;
  };
  storage.groupByPropertyName = (metadata) => {
    let byProperty = grouped.get(metadata);
    if (!byProperty) grouped.set(metadata, (byProperty = group(metadata)));
    return byProperty;
  };
}
