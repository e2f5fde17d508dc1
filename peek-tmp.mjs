import * as XLSX from 'xlsx';
import fs from 'fs';
const [file, ...rows] = process.argv.slice(2);
const wb = XLSX.read(fs.readFileSync(file));
for (const sn of wb.SheetNames) {
  const a = XLSX.utils.sheet_to_json(wb.Sheets[sn], {header:1, blankrows:true, defval:''});
  console.log('SHEET', sn, a.length);
  for (const r of rows) {
    const [s,e] = r.includes('-') ? r.split('-').map(Number) : [Number(r)-3, Number(r)+3];
    for (let i=s;i<=e;i++) if (a[i-1]) console.log(i, JSON.stringify(a[i-1].filter(x=>x!=='')).slice(0,250));
    console.log('---');
  }
}
