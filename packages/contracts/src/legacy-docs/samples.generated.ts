/*
 * GENERATED FILE: do not edit by hand. Written by apps/server/src/platform/http/legacy/legacy-docs.test.ts:
 *   UPDATE_API_SAMPLES=1 npx vitest run apps/server/src/platform/http/legacy/legacy-docs.test.ts
 * It sends the sample request of each action in catalog.ts to a fresh server (the replies are the same on
 * SQLite and PostgreSQL) and stores the request with its ids filled in and the reply. Normalised: clock
 * times the request does not fix (<created>, upload timestamps) read 2024-05-01 09:00:00, random logo file
 * names read logo-3f9c0a7d5e1b24c6a8f0e2d4.png, and image replies are a note instead of their bytes.
 */
import type { LegacySample } from './types.js';

/** Sample request and reply of each legacy action, keyed `section/action`. */
export const legacySamples: Readonly<Record<string, LegacySample>> = {
  "services/retrieve": {
    "params": {
      "service_id": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><service id=\"1\"><name>Gate A</name><validationmethod>database</validationmethod><database>1</database><duplicateScanValue>0</duplicateScanValue><descriptionFromDb></descriptionFromDb><user id=\"2\"/><question id=\"1\"/></service></xml>\n"
  },
  "services/create": {
    "params": {
      "validation_method": "database",
      "database_id": "1",
      "service_name": "Gate B",
      "duplicate_value": "0"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><id>2</id></xml>\n"
  },
  "services/update": {
    "params": {
      "service_id": "2",
      "service_name": "Gate B (VIP)",
      "duplicate_value": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "services/delete": {
    "params": {
      "service_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "services/adduserpermission": {
    "params": {
      "service_id": "1",
      "user_id": "3"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "services/revokeuserpermission": {
    "params": {
      "service_id": "1",
      "user_id": "3"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "services/addquestion": {
    "params": {
      "service_id": "1",
      "question_id": "2",
      "condition": "post_submit",
      "required": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "services/removequestion": {
    "params": {
      "service_id": "1",
      "question_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "users/retrieve": {
    "params": {
      "user_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><user id=\"2\"><username>gate1</username><service id=\"1\"/><limit>0</limit><created>2024-05-01 09:00:00</created></user></xml>\n"
  },
  "users/create": {
    "params": {
      "username": "gate3",
      "password": "north-entrance-7",
      "limit": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><id>4</id></xml>\n"
  },
  "users/update": {
    "params": {
      "user_id": "4",
      "limit": "3"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "users/delete": {
    "params": {
      "user_id": "4"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "users/validate": {
    "params": {
      "username": "gate1",
      "password": "gate-pass-1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><user id=\"2\"><username>gate1</username><service id=\"1\"/><limit>0</limit><created>2024-05-01 09:00:00</created></user></xml>\n"
  },
  "users/available": {
    "params": {
      "username": "gate4"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "devices/retrieve": {
    "params": {
      "device_id": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><device id=\"1\"><udid>F3A9C2D1-7B44-4E0A-9C1E-2B5D8E6F0A13</udid><devicename>Front door</devicename><created>2024-05-01 09:00:00</created></device></xml>\n"
  },
  "devices/update": {
    "params": {
      "device_id": "1",
      "device_name": "Front door iPad"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/create": {
    "params": {
      "database_name": "Returns",
      "case_sensitivity": "0"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><id>2</id></xml>\n"
  },
  "databases/retrieve": {
    "params": {
      "database_id": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><database id=\"1\"><name>Tickets</name><count>3</count><service id=\"1\"/></database></xml>\n"
  },
  "databases/update": {
    "params": {
      "database_id": "2",
      "database_name": "Returns 2024"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/showvalues": {
    "params": {
      "database_id": "1",
      "limit": "10"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>3</count><value validity=\"1\"><id>TICKET-0001</id><response>Welcome</response></value><value validity=\"1\"><id>TICKET-0002</id><response>Welcome</response></value><value validity=\"0\"><id>TICKET-0003</id><response>Refunded</response></value></xml>\n"
  },
  "databases/addvalue": {
    "params": {
      "database_id": "1",
      "value": "TICKET-0004",
      "response": "Welcome to the show",
      "validity": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><id>4</id></xml>\n"
  },
  "databases/editvalue": {
    "params": {
      "database_id": "1",
      "value": "TICKET-0004",
      "response": "VIP entrance: door 2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/upsertvalue": {
    "params": {
      "database_id": "1",
      "value": "TICKET-0005",
      "response": "Welcome",
      "validity": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/upsertmultivalue": {
    "params": {
      "database_id": "1",
      "values[0][value]": "TICKET-0006",
      "values[0][response]": "Welcome",
      "values[1][value]": "TICKET-0007",
      "values[1][response]": "Refunded",
      "values[1][validity]": "0"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/deletevalue": {
    "params": {
      "database_id": "1",
      "value": "TICKET-0007"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/upload": {
    "params": {
      "database_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/clear": {
    "params": {
      "database_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "databases/delete": {
    "params": {
      "database_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "questions/retrieve": {
    "params": {
      "question_id": "2"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><question id=\"2\"><text>Which entrance?</text><type>option</type><answer id=\"1\">North gate</answer><answer id=\"2\">South gate</answer><answer id=\"3\">West gate</answer></question></xml>\n"
  },
  "questions/create": {
    "params": {
      "question_text": "Notes",
      "question_type": "manual"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><id>3</id></xml>\n"
  },
  "questions/delete": {
    "params": {
      "question_id": "3"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "questions/addanswer": {
    "params": {
      "question_id": "2",
      "answer_text": "East gate"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><id>4</id></xml>\n"
  },
  "questions/deleteanswer": {
    "params": {
      "answer_id": "3"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "scans/retrieve": {
    "params": {
      "service_id": "1",
      "start_date": "2024-05-01",
      "end_date": "2024-05-31",
      "showProperties": "1",
      "order_by": "timestamp"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>3</count><scan id=\"1\"><device id=\"1\">Front door iPad</device><service id=\"1\">Gate A</service><user id=\"2\">gate1</user><status>1</status><tid>TICKET-0001</tid><result>Welcome</result><timestamp>2024-05-01 19:02:11</timestamp><answer qid=\"1\" qtext=\"Seat?\">B12</answer><properties><capture_type>camera</capture_type></properties></scan><scan id=\"2\"><device id=\"1\">Front door iPad</device><service id=\"1\">Gate A</service><user id=\"2\">gate1</user><status>1</status><tid>TICKET-0002</tid><result>Welcome</result><timestamp>2024-05-01 19:05:40</timestamp><answer qid=\"1\" qtext=\"Seat?\">C7</answer><properties><capture_type>manual</capture_type></properties></scan><scan id=\"3\"><device id=\"1\">Front door iPad</device><service id=\"1\">Gate A</service><user id=\"2\">gate1</user><status>0</status><tid>TICKET-0003</tid><result>Refunded</result><timestamp>2024-05-01 19:10:02</timestamp><properties><capture_type>camera</capture_type></properties></scan></xml>\n"
  },
  "scans/delete": {
    "params": {
      "scan_id": "3"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "uploads/retrieve": {
    "params": {
      "service_id": "1"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><count>1</count><upload id=\"1\" device_id=\"1\" service_id=\"1\" user_id=\"2\" status=\"1\" count=\"3\" timestamp=\"2024-05-01 09:00:00\"/></xml>\n"
  },
  "scan_properties/create": {
    "params": {
      "scan_id": "1",
      "name": "gate_note",
      "value": "Late arrival"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "scan_properties/retrieve": {
    "params": {
      "scan_id": "1",
      "name": "gate_note"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><value>Late arrival</value></xml>\n"
  },
  "scan_properties/update": {
    "params": {
      "scan_id": "1",
      "name": "gate_note",
      "value": "Arrived at 19:05"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "scan_properties/delete": {
    "params": {
      "scan_id": "1",
      "name": "gate_note"
    },
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status></xml>\n"
  },
  "limits/retrieve": {
    "params": {},
    "reply": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xml><status>1</status><minute left=\"599\" limit=\"600\"/><day left=\"199999\" limit=\"200000\"/></xml>\n"
  },
  "barcode/generate": {
    "params": {
      "value": "TICKET-0001",
      "barcodetype": "qr",
      "filetype": "PNG",
      "size": "4"
    },
    "reply": "(image/png image; the bytes are not shown)"
  },
  "barcodetemplate/getlogofile": {
    "params": {
      "filename": "logo-3f9c0a7d5e1b24c6a8f0e2d4.png"
    },
    "reply": "(image/png image; the bytes are not shown)"
  }
};
