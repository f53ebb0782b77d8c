import ExcelJS from 'exceljs';
const wb = new ExcelJS.Workbook();
await wb.xlsx.readFile(process.argv[2]);
for (const ws of wb.worksheets) {
  console.log('SHEET', ws.name, ws.rowCount, ws.columnCount);
  if (ws.name !== 'Monthly Prices') continue;
  ws.eachRow({ includeEmpty: true }, (row, n) => console.log(n, JSON.stringify(row.values)));
}
