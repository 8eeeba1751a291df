/*
 * Example: load a CSV file into a database through Scanbase's legacy XML API.
 *
 * Plain browser JavaScript, no framework, no build step. Read it from the top:
 *
 *   1. callApi()      one legacy API call: POST application/x-www-form-urlencoded, XML reply read with DOMParser
 *   2. readCsv()      the file's rows, each with the line it starts on (Papa Parse does the CSV work)
 *   3. checkRows()    what the server would refuse, found before sending (empty value, too long, bad validity...)
 *   4. upload()       rows in chunks of 100 through databases/upsertmultivalue, with progress and per-row errors
 *   5. the page       wiring the form to the functions above
 *
 * The API in one paragraph: every call is a POST to the endpoint (e.g. https://scanbase.example.com/api/) with the
 * variables `section`, `action`, `api_key` and the action's own. Every reply is XML with HTTP 200:
 *   success  <xml><status>1</status> ...</xml>
 *   failure  <xml><status>0</status><error code="100">API key is invalid.</error></xml>
 * so success is read from <status>, never from the HTTP status.
 */
(function () {
  'use strict';

  /** The server refuses more than 100 values in one upsertmultivalue call. */
  var MAX_VALUES_PER_CALL = 100;
  /** A value may have at most 500 characters (Scanbase's limit; codeREADr documents 100 to 500). */
  var MAX_VALUE_LENGTH = 500;
  /**
   * A request body may be at most 1 MB by default (the server's BODY_LIMIT_BYTES; larger answers error 105).
   * Chunks are kept under this many bytes, so a file with long responses sends fewer than 100 rows per call.
   */
  var MAX_BODY_BYTES = 1000000 - 20000;
  /** Rows shown in the preview and in the error table. */
  var PREVIEW_ROWS = 5;
  var MAX_ERRORS_SHOWN = 500;

  // ---------------------------------------------------------------------------------------------
  // 1. One legacy API call
  // ---------------------------------------------------------------------------------------------

  /**
   * A refusal: `code` is the API's error code (e.g. 100), or null when the API could not be reached or did not
   * answer with its XML.
   */
  function ApiError(code, message) {
    this.name = 'ApiError';
    this.code = code;
    this.message = message;
  }
  ApiError.prototype = Object.create(Error.prototype);
  ApiError.prototype.constructor = ApiError;

  /**
   * Calls `section`/`action` with the variables in `params` (a URLSearchParams or a plain object) and answers the
   * reply's root element (<xml>). Throws ApiError for <status>0</status> and for replies that are not the API's XML.
   */
  async function callApi(connection, section, action, params) {
    var body = new URLSearchParams(params);
    body.set('section', section);
    body.set('action', action);
    body.set('api_key', connection.apiKey);

    var response;
    try {
      response = await fetch(connection.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: body.toString(),
      });
    } catch (error) {
      // A network failure, or (for another origin) a server that does not allow this page's origin (CORS).
      throw new ApiError(null, 'Could not reach the API at ' + connection.url + ' (' + error.message + '). Check the address; a server on another origin must allow this page with CORS.');
    }
    var text = await response.text();
    var doc = new DOMParser().parseFromString(text, 'application/xml');
    var root = doc.documentElement;
    if (doc.getElementsByTagName('parsererror').length > 0 || !root || root.nodeName !== 'xml') {
      throw new ApiError(null, 'The address ' + connection.url + ' did not answer with the API\'s XML (HTTP ' + response.status + '). Is it the /api/ endpoint?');
    }
    if (childText(root, 'status') !== '1') {
      var error = child(root, 'error');
      var code = error ? Number(error.getAttribute('code')) : NaN;
      throw new ApiError(Number.isFinite(code) ? code : 2, error ? error.textContent : 'The request could not be processed.');
    }
    return root;
  }

  /** The first direct child element of `parent` named `name`, or null. */
  function child(parent, name) {
    for (var node = parent.firstElementChild; node; node = node.nextElementSibling) {
      if (node.nodeName === name) return node;
    }
    return null;
  }

  /** The text of that child, or '' when there is none. */
  function childText(parent, name) {
    var node = child(parent, name);
    return node ? node.textContent : '';
  }

  /**
   * databases/retrieve: [{ id, name, count }] of the account (or of the one database `id`).
   * Reply: <xml><status>1</status><count>2</count><database id="7"><name>Tickets</name><count>1200</count></database>...</xml>
   */
  async function retrieveDatabases(connection, id) {
    var root = await callApi(connection, 'databases', 'retrieve', id === undefined ? {} : { database_id: String(id) });
    var list = [];
    for (var node = root.firstElementChild; node; node = node.nextElementSibling) {
      if (node.nodeName !== 'database') continue;
      list.push({ id: Number(node.getAttribute('id')), name: childText(node, 'name'), count: Number(childText(node, 'count')) });
    }
    return list;
  }

  /** databases/create: answers the new database's id (error 216 when the name is taken). */
  async function createDatabase(connection, name) {
    var root = await callApi(connection, 'databases', 'create', { database_name: name });
    return Number(childText(root, 'id'));
  }

  /**
   * databases/upsertmultivalue with up to 100 rows: adds the values that are new, updates the others.
   * Variables: database_id and trim_value for the whole call, then per row i
   *   values[i][value]     the value (required)
   *   values[i][response]  the response text; left out, an existing value keeps its response
   *   values[i][validity]  1 valid or 0 invalid; left out, new values are valid and existing ones keep theirs
   * The reply is <status>1</status> alone: it does not say which values were new. The call is all or nothing, so one
   * bad value refuses the whole call (upload() then finds that value by splitting the chunk).
   */
  async function upsertValues(connection, databaseId, trim, rows) {
    await callApi(connection, 'databases', 'upsertmultivalue', upsertBody(databaseId, trim, rows));
  }

  /** The variables of one upsertmultivalue call (also used to measure a chunk's size). */
  function upsertBody(databaseId, trim, rows) {
    var params = new URLSearchParams();
    params.set('database_id', String(databaseId));
    params.set('trim_value', trim ? '1' : '0');
    rows.forEach(function (row, i) {
      params.set('values[' + i + '][value]', row.value);
      if (row.response !== undefined) params.set('values[' + i + '][response]', row.response);
      if (row.validity !== undefined) params.set('values[' + i + '][validity]', row.validity);
    });
    return params;
  }

  // ---------------------------------------------------------------------------------------------
  // 2. Reading the CSV file
  // ---------------------------------------------------------------------------------------------

  /**
   * The file's records as { line, cells }, where `line` is the line of the file the record starts on (a quoted cell
   * may hold line breaks, so records and lines differ). Empty lines are skipped. Records Papa Parse could not read
   * (an unclosed quote, say) come back with `problem` set.
   */
  async function readCsv(file, delimiter) {
    var text = await file.text();
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte order mark from Excel
    var records = [];
    var line = 1; // the line the next record starts on
    var start = 0; // where it starts in `text`
    // Papa Parse detects the separator itself, but empty lines (a final line break, say) confuse its guess:
    // guess it on the first rows without them, then read the whole text with it.
    if (!delimiter) delimiter = Papa.parse(text.slice(0, 64 * 1024), { preview: 50, skipEmptyLines: true }).meta.delimiter;
    Papa.parse(text, {
      delimiter: delimiter,
      step: function (result) {
        var end = result.meta.cursor;
        var cells = result.data;
        // "Could not detect the separator" (a file of one column) is not an error of the row.
        var errors = result.errors.filter(function (e) { return e.type !== 'Delimiter'; });
        var blank = cells.every(function (cell) { return cell.trim() === ''; });
        if (!blank || errors.length > 0) {
          records.push({ line: line, cells: cells, problem: errors.length > 0 ? errors[0].message : undefined });
        }
        line += countLineBreaks(text.slice(start, end));
        start = end;
      },
    });
    return { records: records, delimiter: delimiter };
  }

  function countLineBreaks(text) {
    var found = text.match(/\r\n|\r|\n/g);
    return found ? found.length : 0;
  }

  // ---------------------------------------------------------------------------------------------
  // 3. Checking rows before sending them
  // ---------------------------------------------------------------------------------------------

  /**
   * Splits the records into rows to send ({ line, value, response, validity }) and refused rows ({ line, value,
   * reason }), with the checks the server makes, so that one bad row does not cost a refused call. The columns are
   * indexes into the cells; `response` and `validity` may be -1 (not sent).
   */
  function checkRows(records, columns, trim) {
    var good = [];
    var refused = [];
    var firstLineOf = new Map(); // value -> the line it was first seen on
    records.forEach(function (record) {
      var raw = record.cells[columns.value] === undefined ? '' : record.cells[columns.value];
      var value = trim ? raw.trim() : raw;
      var response = columns.response >= 0 ? (record.cells[columns.response] === undefined ? '' : record.cells[columns.response]) : undefined;
      var validityCell = columns.validity >= 0 ? (record.cells[columns.validity] || '').trim() : '';
      var reason = null;
      if (record.problem) reason = 'The CSV could not be read here: ' + record.problem + '.';
      else if (value === '') reason = 'The value is empty.';
      else if (Array.from(value).length > MAX_VALUE_LENGTH) reason = 'The value has ' + Array.from(value).length + ' characters; at most ' + MAX_VALUE_LENGTH + ' are allowed.';
      else if (validityCell !== '' && validityCell !== '0' && validityCell !== '1') reason = 'The validity must be 0 or 1, not "' + validityCell + '".';
      else if (value.indexOf('\u0000') >= 0 || (response && response.indexOf('\u0000') >= 0)) reason = 'The row holds a NUL character, which cannot be stored.';
      else if (firstLineOf.has(value)) reason = 'The same value as line ' + firstLineOf.get(value) + ', which is sent instead.';
      else if (byteLength(upsertBody(0, trim, [{ value: value, response: response, validity: validityCell }])) > MAX_BODY_BYTES) reason = 'The row is too large to send in one call (the server takes about 1 MB).';
      if (reason) {
        refused.push({ line: record.line, value: raw, reason: reason });
        return;
      }
      firstLineOf.set(value, record.line);
      good.push({ line: record.line, value: value, response: response, validity: validityCell === '' ? undefined : validityCell });
    });
    return { good: good, refused: refused };
  }

  function byteLength(params) {
    return new TextEncoder().encode(params.toString()).length;
  }

  /** Rows in chunks of at most 100 rows and MAX_BODY_BYTES each. */
  function chunksOf(rows, databaseId, trim) {
    var chunks = [];
    var current = [];
    var bytes = 0;
    rows.forEach(function (row) {
      var size = byteLength(upsertBody(databaseId, trim, [row]));
      if (current.length > 0 && (current.length === MAX_VALUES_PER_CALL || bytes + size > MAX_BODY_BYTES)) {
        chunks.push(current);
        current = [];
        bytes = 0;
      }
      current.push(row);
      bytes += size;
    });
    if (current.length > 0) chunks.push(current);
    return chunks;
  }

  // ---------------------------------------------------------------------------------------------
  // 4. The upload
  // ---------------------------------------------------------------------------------------------

  /**
   * Codes the API gives for one bad value in an upsertmultivalue call (the whole call is refused):
   * 1028 empty or too long value, 50 a bad variable (validity, text that cannot be stored), 105 body too large.
   * With these, the chunk is split to find the row; any other code (100 bad key, 204 no such database, 111 the
   * per-minute limit...) stops the upload.
   */
  var ROW_LEVEL_CODES = [1028, 50, 105];

  /**
   * Sends `rows` in chunks and reports as it goes. `hooks.onProgress({ handled, added, updated, failed })` after
   * each chunk, `hooks.onRefused(row, reason)` for each refused row, `hooks.shouldStop()` before each call.
   * Added and updated are told apart by the database's value count (databases/retrieve) after each chunk: the
   * upsertmultivalue reply does not say, so the split is exact only while nobody else writes to the database.
   * Answers 'done' or 'stopped'; throws ApiError when the API refuses the upload as a whole.
   */
  async function upload(connection, databaseId, trim, rows, hooks) {
    var counts = { handled: 0, added: 0, updated: 0, failed: 0 };
    var before = (await retrieveDatabases(connection, databaseId))[0];
    if (!before) throw new ApiError(204, 'Database ' + databaseId + ' was not found.');
    var valueCount = before.count;

    /** Sends rows; on a row-level refusal, sends each half on its own until the refused rows are found. */
    async function send(part) {
      if (hooks.shouldStop()) return 0;
      try {
        await upsertValues(connection, databaseId, trim, part);
        return part.length;
      } catch (error) {
        if (!(error instanceof ApiError) || ROW_LEVEL_CODES.indexOf(error.code) < 0) throw error;
        if (part.length === 1) {
          counts.failed += 1;
          hooks.onRefused(part[0], 'Refused by the API (error ' + error.code + '): ' + error.message);
          return 0;
        }
        var half = Math.ceil(part.length / 2);
        return (await send(part.slice(0, half))) + (await send(part.slice(half)));
      }
    }

    var chunks = chunksOf(rows, databaseId, trim);
    for (var i = 0; i < chunks.length; i += 1) {
      if (hooks.shouldStop()) return 'stopped';
      var saved = await send(chunks[i]);
      if (saved > 0) {
        var after = (await retrieveDatabases(connection, databaseId))[0];
        var grown = after ? Math.max(0, Math.min(saved, after.count - valueCount)) : 0;
        if (after) valueCount = after.count;
        counts.added += grown;
        counts.updated += saved - grown;
      }
      counts.handled += chunks[i].length;
      hooks.onProgress(counts);
    }
    return hooks.shouldStop() && counts.handled < rows.length ? 'stopped' : 'done';
  }

  // ---------------------------------------------------------------------------------------------
  // 5. The page
  // ---------------------------------------------------------------------------------------------

  var $ = function (id) { return document.getElementById(id); };
  var page = {
    csv: null, // { name, records, delimiter } of the chosen file
    running: false,
    stopRequested: false,
  };

  /** The API address and key from the form (the key is trimmed; it never holds spaces). */
  function connection() {
    return { url: $('api-url').value.trim(), apiKey: $('api-key').value.trim() };
  }

  /** Shows a problem in the alert box (read out by screen readers) and puts the focus on `field`, if given. */
  function showProblem(message, field) {
    $('problem').textContent = message;
    if (field) field.focus();
  }

  function describeError(error) {
    if (error instanceof ApiError) return error.code === null ? error.message : 'The API answered error ' + error.code + ': ' + error.message;
    return 'Something went wrong: ' + (error && error.message ? error.message : String(error));
  }

  /** Checks the connection fields; answers false after showing what is missing. */
  function connectionReady() {
    var c = connection();
    if (!/^https?:\/\/./i.test(c.url)) {
      showProblem('Enter the API address, such as https://scanbase.example.com/api/.', $('api-url'));
      return false;
    }
    if (c.apiKey === '') {
      showProblem('Enter an API key of your account.', $('api-key'));
      return false;
    }
    return true;
  }

  // --- 1. Connect: Load databases ---

  async function loadDatabases(event) {
    event.preventDefault();
    $('problem').textContent = '';
    var status = $('connect-status');
    status.textContent = '';
    if (!connectionReady()) return;
    var button = $('load-databases');
    button.disabled = true;
    status.textContent = 'Loading the databases…';
    try {
      var list = await retrieveDatabases(connection());
      var select = $('database-select');
      select.replaceChildren();
      if (list.length === 0) {
        select.append(new Option('No databases yet: create one below', ''));
        select.disabled = true;
        status.textContent = 'The account has no databases yet. Choose "Create a new database".';
        return;
      }
      select.append(new Option('Choose a database', ''));
      list.forEach(function (db) {
        select.append(new Option(db.name + ' (id ' + db.id + ', ' + db.count.toLocaleString() + ' values)', String(db.id)));
      });
      select.disabled = false;
      status.textContent = list.length === 1 ? '1 database loaded.' : list.length + ' databases loaded.';
    } catch (error) {
      status.textContent = '';
      showProblem(describeError(error), error instanceof ApiError && error.code !== null && error.code >= 100 && error.code <= 113 ? $('api-key') : undefined);
    } finally {
      button.disabled = false;
    }
  }

  // --- 2. Database: typing in a choice's field picks that choice ---

  function pickChoice(value) {
    var radio = document.querySelector('input[name="database-choice"][value="' + value + '"]');
    if (radio) radio.checked = true;
  }

  function databaseChoice() {
    var checked = document.querySelector('input[name="database-choice"]:checked');
    return checked ? checked.value : 'list';
  }

  // --- 3. The file: preview and column mapping ---

  async function fileChosen() {
    var file = $('csv-file').files[0];
    page.csv = null;
    $('preview').hidden = true;
    $('problem').textContent = '';
    if (!file) {
      $('file-status').textContent = '';
      return;
    }
    $('file-status').textContent = 'Reading ' + file.name + '…';
    try {
      var read = await readCsv(file, $('delimiter').value);
      if (read.records.length === 0) {
        $('file-status').textContent = '';
        showProblem(file.name + ' holds no rows.', $('csv-file'));
        return;
      }
      page.csv = { name: file.name, records: read.records, delimiter: read.delimiter };
      // A first row naming the columns is most likely a header.
      $('has-header').checked = read.records[0].cells.some(function (cell) { return /^(value|values|barcode|code|response|validity|valid)$/i.test(cell.trim()); });
      fillColumnSelects();
      renderPreview();
    } catch (error) {
      $('file-status').textContent = '';
      showProblem('Could not read ' + file.name + ': ' + error.message, $('csv-file'));
    }
  }

  /** The records that are data (without the header row when there is one). */
  function dataRecords() {
    return $('has-header').checked ? page.csv.records.slice(1) : page.csv.records;
  }

  /** "Column B · Guest name": the column's letter, and its header when the first row is one. */
  function columnLabel(index) {
    var letter = '';
    for (var n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
    var header = $('has-header').checked ? (page.csv.records[0].cells[index] || '').trim() : '';
    return 'Column ' + letter + (header ? ' · ' + header : '');
  }

  function columnCount() {
    return page.csv.records.slice(0, 50).reduce(function (most, record) { return Math.max(most, record.cells.length); }, 0);
  }

  /** Fills the three column selects, keeping a choice still possible; defaults: A value, B response, C validity. */
  function fillColumnSelects() {
    var count = columnCount();
    var specs = [
      { id: 'value-column', none: null, fallback: 0 },
      { id: 'response-column', none: 'None', fallback: count > 1 ? 1 : -1 },
      { id: 'validity-column', none: 'None (new values are valid)', fallback: count > 2 ? 2 : -1 },
    ];
    specs.forEach(function (spec) {
      var select = $(spec.id);
      var previous = select.value === '' ? NaN : Number(select.value);
      select.replaceChildren();
      if (spec.none) select.append(new Option(spec.none, '-1'));
      for (var i = 0; i < count; i += 1) select.append(new Option(columnLabel(i), String(i)));
      var keep = Number.isFinite(previous) && previous < count ? previous : spec.fallback;
      select.value = String(keep);
    });
  }

  function renderPreview() {
    var csv = page.csv;
    var count = columnCount();
    var head = $('preview-table').tHead;
    var body = $('preview-table').tBodies[0];
    head.replaceChildren();
    body.replaceChildren();
    var headRow = head.insertRow();
    appendCell(headRow, 'th', 'Line').scope = 'col';
    for (var c = 0; c < count; c += 1) appendCell(headRow, 'th', columnLabel(c)).scope = 'col';
    dataRecords().slice(0, PREVIEW_ROWS).forEach(function (record) {
      var row = body.insertRow();
      appendCell(row, 'td', String(record.line));
      for (var i = 0; i < count; i += 1) appendCell(row, 'td', record.cells[i] === undefined ? '' : record.cells[i]);
    });
    var rows = dataRecords().length;
    var separator = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }[csv.delimiter] || JSON.stringify(csv.delimiter);
    $('preview-caption').textContent = 'First rows of ' + csv.name + ': ' + rows.toLocaleString() + (rows === 1 ? ' row' : ' rows') + ' to send, separated by ' + separator + '.';
    $('preview').hidden = false;
    $('file-status').textContent = csv.name + ': ' + rows.toLocaleString() + (rows === 1 ? ' row.' : ' rows.');
  }

  function appendCell(row, tag, text) {
    var cell = document.createElement(tag);
    cell.textContent = text;
    row.append(cell);
    return cell;
  }

  // --- 4. Upload ---

  /** Finds the database id to upload into (creating the database if asked); answers null after showing a problem. */
  async function targetDatabase() {
    var choice = databaseChoice();
    if (choice === 'list') {
      var picked = $('database-select').value;
      if (picked === '') {
        showProblem($('database-select').disabled ? 'Press Load databases and choose a database, or choose another option.' : 'Choose a database from the list.', $('database-select').disabled ? $('load-databases') : $('database-select'));
        return null;
      }
      return Number(picked);
    }
    if (choice === 'id') {
      var id = $('database-id').value.trim();
      if (!/^[1-9]\d{0,9}$/.test(id)) {
        showProblem('Enter the database id, a whole number such as 42.', $('database-id'));
        return null;
      }
      return Number(id);
    }
    var name = $('database-name').value.trim();
    if (name === '') {
      showProblem('Enter a name for the new database.', $('database-name'));
      return null;
    }
    $('upload-status').textContent = 'Creating the database "' + name + '"…';
    var created = await createDatabase(connection(), name);
    $('upload-status').textContent = 'Created the database "' + name + '" (id ' + created + ').';
    return created;
  }

  function columnsChosen() {
    return { value: Number($('value-column').value), response: Number($('response-column').value), validity: Number($('validity-column').value) };
  }

  function setRunning(running) {
    page.running = running;
    $('upload').disabled = running;
    $('stop').disabled = !running;
    $('load-databases').disabled = running;
    $('csv-file').disabled = running;
  }

  async function startUpload(event) {
    event.preventDefault();
    if (page.running) return;
    $('problem').textContent = '';
    if (!connectionReady()) return;
    if (!page.csv) {
      showProblem('Choose the CSV file to upload.', $('csv-file'));
      return;
    }
    var columns = columnsChosen();
    if (columns.response === columns.value || columns.validity === columns.value || (columns.response >= 0 && columns.response === columns.validity)) {
      showProblem('Each column can be used once: choose different value, response and validity columns.', $('value-column'));
      return;
    }

    var trim = $('trim-values').checked;
    var checked = checkRows(dataRecords(), columns, trim);
    var total = checked.good.length + checked.refused.length;
    resetResults(total);
    checked.refused.forEach(function (row) { addError(row.line, row.value, row.reason); });
    var shown = { handled: 0, added: 0, updated: 0, failed: 0 };
    showCounts(shown, checked.refused.length, total);

    page.stopRequested = false;
    setRunning(true);
    try {
      var databaseId = await targetDatabase();
      if (databaseId === null) {
        $('progress-area').hidden = true;
        return;
      }
      $('upload-status').textContent = 'Sending ' + checked.good.length.toLocaleString() + ' rows…';
      var result = await upload(connection(), databaseId, trim, checked.good, {
        shouldStop: function () { return page.stopRequested; },
        onRefused: function (row, reason) { addError(row.line, row.value, reason); },
        onProgress: function (counts) { showCounts(counts, checked.refused.length, total); },
      });
      var status = $('upload-status');
      if (result === 'stopped') {
        status.textContent = 'Stopped. The rows sent before you pressed Stop are saved; the others were not sent.';
      } else {
        status.textContent = 'Done: every row was handled.';
        status.className = 'status done';
      }
    } catch (error) {
      $('upload-status').textContent = 'The upload stopped.';
      showProblem(describeError(error));
    } finally {
      setRunning(false);
    }
  }

  function resetResults(total) {
    $('progress-area').hidden = false;
    $('progress').max = Math.max(total, 1);
    $('progress').value = 0;
    $('upload-status').textContent = '';
    $('upload-status').className = 'status';
    $('errors').hidden = true;
    $('errors-table').tBodies[0].replaceChildren();
    page.errorCount = 0;
    updateErrorCaption();
  }

  /** Rows handled = refused here + handled by upload(); failed = refused here + refused by the API. */
  function showCounts(counts, refusedHere, total) {
    var handled = refusedHere + counts.handled;
    $('progress').value = handled;
    $('progress-text').textContent = handled.toLocaleString() + ' of ' + total.toLocaleString() + ' rows';
    $('count-added').textContent = counts.added.toLocaleString();
    $('count-updated').textContent = counts.updated.toLocaleString();
    $('count-failed').textContent = (refusedHere + counts.failed).toLocaleString();
  }

  /** One row of the error table (the first MAX_ERRORS_SHOWN; the caption counts them all). */
  function addError(line, value, reason) {
    page.errorCount += 1;
    $('errors').hidden = false;
    if (page.errorCount <= MAX_ERRORS_SHOWN) {
      var row = $('errors-table').tBodies[0].insertRow();
      appendCell(row, 'td', String(line));
      appendCell(row, 'td', value);
      appendCell(row, 'td', reason);
    }
    updateErrorCaption();
  }

  function updateErrorCaption() {
    var n = page.errorCount;
    var text = n === 1 ? '1 row was not loaded.' : n.toLocaleString() + ' rows were not loaded.';
    if (n > MAX_ERRORS_SHOWN) text += ' The first ' + MAX_ERRORS_SHOWN + ' are listed.';
    $('errors-caption').textContent = text + ' Lines are lines of the file.';
  }

  // --- Wiring ---

  function start() {
    if (typeof Papa === 'undefined') {
      showProblem('Papa Parse (vendor/papaparse.min.js) did not load, so CSV files cannot be read.');
      return;
    }
    // Pages opened from a file have no origin to default to.
    if (window.location.protocol === 'http:' || window.location.protocol === 'https:') $('api-url').value = window.location.origin + '/api/';

    $('show-key').addEventListener('change', function () { $('api-key').type = $('show-key').checked ? 'text' : 'password'; });
    $('connect-form').addEventListener('submit', loadDatabases);
    $('database-select').addEventListener('change', function () { pickChoice('list'); });
    $('database-id').addEventListener('input', function () { pickChoice('id'); });
    $('database-name').addEventListener('input', function () { pickChoice('new'); });
    $('csv-file').addEventListener('change', fileChosen);
    $('delimiter').addEventListener('change', fileChosen);
    $('has-header').addEventListener('change', function () {
      if (!page.csv) return;
      fillColumnSelects();
      renderPreview();
    });
    $('upload-form').addEventListener('submit', startUpload);
    $('stop').addEventListener('click', function () {
      page.stopRequested = true;
      $('stop').disabled = true;
      $('upload-status').textContent = 'Stopping after the call in progress…';
    });
  }

  start();
})();
