// Writes custom-elements.json (schema 2.0.0, https://github.com/webcomponents/custom-elements-manifest)
// from the sources: each `define('pricecat-…', Class)` gives a tag, the class's JSDoc gives its summary,
// `@fires`, `@csspart` and `@cssproperty`, and its `@property` fields give attributes and properties with
// their types, defaults and descriptions. Run by `npm run build`; `--check` fails when the file on disk
// differs from what the sources say (the web components' test script runs it).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'src');
const out = join(root, 'custom-elements.json');

/** `src/<dir>/<dir>.ts` files that call `define('pricecat-…', Class)`: tag → class name, module path. */
function definitions() {
  const found = [];
  for (const dir of readdirSync(src, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const file = join(src, dir.name, `${dir.name}.ts`);
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(/\bdefine\(\s*'(pricecat-[a-z-]+)'\s*,\s*(\w+)\s*\)/g)) {
      const from = new RegExp(`import\\s*\\{[^}]*\\b${match[2]}\\b[^}]*\\}\\s*from\\s*'\\./([\\w.-]+)\\.js'`).exec(text);
      found.push({ tag: match[1], className: match[2], entry: file, classFile: join(src, dir.name, `${from ? from[1] : dir.name}.ts`) });
    }
  }
  return found.sort((a, b) => a.tag.localeCompare(b.tag));
}

function jsDocOf(node) {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const doc = docs.at(-1);
  return { text: doc ? ts.getTextOfJSDocComment(doc.comment) ?? '' : '', tags: doc?.tags ?? [] };
}

function tagText(tag) {
  return (ts.getTextOfJSDocComment(tag.comment) ?? '').trim();
}

/** `@fires name - text` / `@csspart name - text` → { name, description }. */
function named(tag) {
  const [name, ...rest] = tagText(tag).split(/\s+-\s+/);
  return { name: name.trim(), description: rest.join(' - ').trim() };
}

function propertyDecorator(member) {
  for (const decorator of ts.getDecorators(member) ?? []) {
    const call = decorator.expression;
    if (ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'property') return call;
  }
  return undefined;
}

function attributeName(call, fieldName) {
  const options = call.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return fieldName.toLowerCase();
  for (const prop of options.properties) {
    if (!ts.isPropertyAssignment(prop) || prop.name.getText() !== 'attribute') continue;
    if (prop.initializer.kind === ts.SyntaxKind.FalseKeyword) return undefined;
    if (ts.isStringLiteral(prop.initializer)) return prop.initializer.text;
  }
  return fieldName.toLowerCase();
}

function typeText(member, sourceFile) {
  if (member.type) return member.type.getText(sourceFile);
  const init = member.initializer;
  if (!init) return 'unknown';
  if (ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) return 'string';
  if (ts.isNumericLiteral(init)) return 'number';
  if (init.kind === ts.SyntaxKind.TrueKeyword || init.kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
  return 'unknown';
}

function declarationOf({ tag, className, classFile }) {
  const sourceFile = ts.createSourceFile(classFile, readFileSync(classFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const node = sourceFile.statements.find((s) => ts.isClassDeclaration(s) && s.name?.text === className);
  if (!node) throw new Error(`${relative(root, classFile)}: class ${className} (defined as <${tag}>) not found`);
  const doc = jsDocOf(node);
  const members = [];
  const attributes = [];
  for (const member of node.members) {
    if (!ts.isPropertyDeclaration(member) || !member.name || !ts.isIdentifier(member.name)) continue;
    const call = propertyDecorator(member);
    if (!call) continue;
    const fieldName = member.name.text;
    const description = jsDocOf(member).text.trim();
    const type = { text: typeText(member, sourceFile) };
    const defaultValue = member.initializer?.getText(sourceFile);
    const attribute = attributeName(call, fieldName);
    members.push({ kind: 'field', name: fieldName, type, ...(defaultValue ? { default: defaultValue } : {}), ...(description ? { description } : {}), ...(attribute ? { attribute } : {}) });
    if (attribute) attributes.push({ name: attribute, fieldName, type, ...(defaultValue ? { default: defaultValue } : {}), ...(description ? { description } : {}) });
  }
  const byTag = (name) => doc.tags.filter((t) => t.tagName.text === name).map(named);
  return {
    kind: 'class',
    name: className,
    tagName: tag,
    customElement: true,
    description: doc.text.trim(),
    superclass: { name: 'LitElement', package: 'lit' },
    attributes,
    members,
    events: byTag('fires'),
    cssParts: byTag('csspart'),
    cssProperties: byTag('cssproperty'),
  };
}

function manifest() {
  const modules = definitions().map((definition) => {
    const path = relative(root, definition.entry).replace(/\\/g, '/');
    return {
      kind: 'javascript-module',
      path,
      declarations: [declarationOf(definition)],
      exports: [
        { kind: 'js', name: definition.className, declaration: { name: definition.className, module: path } },
        { kind: 'custom-element-definition', name: definition.tag, declaration: { name: definition.className, module: path } },
      ],
    };
  });
  return { schemaVersion: '2.0.0', readme: 'README.md', modules };
}

const text = `${JSON.stringify(manifest(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  let onDisk = '';
  try {
    onDisk = readFileSync(out, 'utf8');
  } catch {}
  if (onDisk !== text) {
    console.error('custom-elements.json is out of date with the elements\' sources: run `npm run build -w @pricecat/web-components` and commit it.');
    process.exit(1);
  }
  console.log(`custom-elements.json matches the sources (${JSON.parse(text).modules.length} elements).`);
} else {
  writeFileSync(out, text);
  console.log(`custom-elements.json: ${JSON.parse(text).modules.length} elements`);
}
