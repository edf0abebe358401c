// Validates JSON files against a JSON Schema (draft 2020-12) with Ajv,
// reporting every violation: node validate-schema.js SCHEMA FILE...
// Run by validate-sarif.sh with the SARIF 2.1.0 schema that the SARIF
// Multitool package ships; Ajv and ajv-formats come from the same npm
// install. Exits 1 if any file is invalid, 2 on a setup error.
'use strict';

const fs = require('fs');

function load(path) {
  return JSON.parse(fs.readFileSync(path, 'utf8'));
}

const [schemaPath, ...files] = process.argv.slice(2);
if (!schemaPath || files.length === 0) {
  console.error('usage: node validate-schema.js SCHEMA FILE...');
  process.exit(2);
}

let validate;
try {
  const Ajv2020 = require('ajv/dist/2020');
  const addFormats = require('ajv-formats');
  // strict: false because the SARIF schema uses annotations Ajv does not know.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  validate = ajv.compile(load(schemaPath));
} catch (error) {
  console.error(`${schemaPath}: cannot compile the schema: ${error.message}`);
  process.exit(2);
}

let status = 0;
for (const file of files) {
  let log;
  try {
    log = load(file);
  } catch (error) {
    console.log(`${file}: error: not JSON: ${error.message}`);
    status = 1;
    continue;
  }
  if (validate(log))
    continue;
  status = 1;
  for (const error of validate.errors) {
    const where = error.instancePath || '/';
    const detail = error.params && error.params.allowedValues
      ? ` (${error.params.allowedValues.join(', ')})` : '';
    console.log(`${file}: error: ${where}: ${error.message}${detail} [${error.schemaPath}]`);
  }
}
process.exit(status);
