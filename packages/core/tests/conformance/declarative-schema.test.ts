import { page } from './declarative-helpers'
import { differential } from './harness'
import type { Case } from './harness'

// The corpus: one form per rule of Chromium's form → JSON Schema derivation (form_mcp_schema.cc),
// plus combinations. Each row is [what it shows, the HTML (a form with toolname="t" and whatever
// surrounds it), the schema native Chromium 156 derives, as JSON text]. The expected schemas were
// produced by native Chromium; both modes must give them byte for byte (key order included).
const CORPUS: Array<[title: string, html: string, schema: string]> = [
  [
    'text-like types',
    '<form id=t toolname=t tooldescription=d><input name=text><input type=email name=email><input type=search name=search><input type=tel name=tel><input type=url name=url><input type=password name=password><input type=bogus name=bogus><textarea name=ta></textarea></form>',
    '{"type":"object","properties":{"text":{"type":"string"},"email":{"type":"string"},"search":{"type":"string"},"tel":{"type":"string"},"url":{"type":"string"},"password":{"type":"string"},"bogus":{"type":"string"},"ta":{"type":"string"}},"required":[]}',
  ],
  [
    'ignored types',
    '<form id=t toolname=t tooldescription=d><input type=hidden name=hidden><input type=submit name=submit><input type=reset name=reset><input type=button name=button><input type=image name=image><input type=file name=file><button name=b></button><output name=o></output><object name=ob></object><fieldset name=fs></fieldset><input name=kept></form>',
    '{"type":"object","properties":{"kept":{"type":"string"}},"required":[]}',
  ],
  [
    'hidden with description',
    '<form id=t toolname=t tooldescription=d><input type=hidden name=h toolparamdescription="Secret"><input type=hidden name=h2 toolparamdescription=""></form>',
    '{"type":"object","properties":{"h":{"type":"string","description":"Secret"}},"required":[]}',
  ],
  [
    'number plain',
    '<form id=t toolname=t tooldescription=d><input type=number name=n></form>',
    '{"type":"object","properties":{"n":{"type":"number","multipleOf":1}},"required":[]}',
  ],
  [
    'number min max',
    '<form id=t toolname=t tooldescription=d><input type=number name=n min=1 max=10><input type=number name=m min=-5.5 max=1e3></form>',
    '{"type":"object","properties":{"n":{"type":"number","minimum":1,"maximum":10,"multipleOf":1},"m":{"type":"number","minimum":-5.5,"maximum":1000}},"required":[]}',
  ],
  [
    'number step rules',
    '<form id=t toolname=t tooldescription=d><input type=number name=a step=any><input type=number name=b step=0.5><input type=number name=c min=15 step=10><input type=number name=d min=20 step=10><input type=number name=e value=3 step=3><input type=number name=f value=4 step=3><input type=number name=g step=0><input type=number name=h step=-2><input type=number name=i step=abc></form>',
    '{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number","multipleOf":0.5},"c":{"type":"number","minimum":15},"d":{"type":"number","minimum":20,"multipleOf":10},"e":{"type":"number","multipleOf":3},"f":{"type":"number"},"g":{"type":"number","multipleOf":1},"h":{"type":"number","multipleOf":1},"i":{"type":"number","multipleOf":1}},"required":[]}',
  ],
  [
    'number float steps',
    '<form id=t toolname=t tooldescription=d><input type=number name=a min=0.3 step=0.1><input type=number name=b min=0.1 step=0.2><input type=number name=c step=0.01 min=1.23><input type=number name=d step=0.7 min=2.1><input type=number name=e min=1 step=2><input type=number name=f min=-4 step=2></form>',
    '{"type":"object","properties":{"a":{"type":"number","minimum":0.3,"multipleOf":0.1},"b":{"type":"number","minimum":0.1},"c":{"type":"number","minimum":1.23,"multipleOf":0.01},"d":{"type":"number","minimum":2.1,"multipleOf":0.7},"e":{"type":"number","minimum":1},"f":{"type":"number","minimum":-4,"multipleOf":2}},"required":[]}',
  ],
  [
    'number bad attrs',
    '<form id=t toolname=t tooldescription=d><input type=number name=a min=abc max=""><input type=number name=b max=5 min=10><input type=number name=c value=abc step=2></form>',
    '{"type":"object","properties":{"a":{"type":"number","multipleOf":1},"b":{"type":"number","minimum":10,"maximum":5,"multipleOf":1},"c":{"type":"number","multipleOf":2}},"required":[]}',
  ],
  [
    'number pattern',
    '<form id=t toolname=t tooldescription=d><input type=number name=n pattern="[0-9]+"></form>',
    '{"type":"object","properties":{"n":{"type":"number","multipleOf":1,"pattern":"[0-9]+"}},"required":[]}',
  ],
  [
    'range',
    '<form id=t toolname=t tooldescription=d><input type=range name=r><input type=range name=s min=1 step=2><input type=range name=t min=-10 max=10 step=5><input type=range name=u step=any max=3><input type=range name=v min=2 max=1></form>',
    '{"type":"object","properties":{"r":{"type":"number","minimum":0,"maximum":100,"multipleOf":1},"s":{"type":"number","minimum":1,"maximum":100},"t":{"type":"number","minimum":-10,"maximum":10,"multipleOf":5},"u":{"type":"number","minimum":0,"maximum":3,"multipleOf":1},"v":{"type":"number","minimum":2,"maximum":2,"multipleOf":1}},"required":[]}',
  ],
  [
    'checkbox single',
    '<form id=t toolname=t tooldescription=d><input type=checkbox name=c><input type=checkbox name=d value=yes checked required></form>',
    '{"type":"object","properties":{"c":{"type":"boolean"},"d":{"type":"boolean"}},"required":["d"]}',
  ],
  [
    'checkbox group',
    '<form id=t toolname=t tooldescription=d><input type=checkbox name=g value=a><input type=checkbox name=g value=b><input type=checkbox name=g></form>',
    '{"type":"object","properties":{"g":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"a"},{"type":"string","const":"b"},{"type":"string","const":"on"}],"enum":["a","b","on"]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'checkbox group labels',
    '<form id=t toolname=t tooldescription=d><label><input type=checkbox name=g value=a> Apple</label><label for=gb>Banana</label><input id=gb type=checkbox name=g value=b><input type=checkbox name=g value=c aria-description="AD"></form>',
    '{"type":"object","properties":{"g":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"a","title":"Apple"},{"type":"string","const":"b","title":"Banana"},{"type":"string","const":"c"}],"enum":["a","b","c"]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'radio group',
    '<form id=t toolname=t tooldescription=d><input type=radio name=r value=x><input type=radio name=r value=y required><input type=radio name=r></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"x"},{"type":"string","const":"y"},{"type":"string","const":"on"}],"enum":["x","y","on"]}},"required":["r"]}',
  ],
  [
    'radio labels',
    '<form id=t toolname=t tooldescription=d><label><input type=radio name=r value=1> One </label><label><input type=radio name=r value=2>  Two  words </label><input type=radio name=r value=3 toolparamdescription="ignored"></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1","title":"One"},{"type":"string","const":"2","title":"Two  words"},{"type":"string","const":"3"}],"enum":["1","2","3"]}},"required":[]}',
  ],
  [
    'single radio',
    '<form id=t toolname=t tooldescription=d><input type=radio name=r value=only></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"only"}],"enum":["only"]}},"required":[]}',
  ],
  [
    'select',
    '<form id=t toolname=t tooldescription=d><select name=s><option value=a>Alpha</option><option>Beta</option><option value="">None</option><option value=d label="Lbl">Text</option><option disabled value=e>Disabled</option></select></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"a","title":"Alpha"},{"type":"string","const":"Beta","title":"Beta"},{"type":"string","const":"","title":"None"},{"type":"string","const":"d","title":"Text"},{"type":"string","const":"e","title":"Disabled"}],"enum":["a","Beta","","d","e"]}},"required":[]}',
  ],
  [
    'select optgroup',
    '<form id=t toolname=t tooldescription=d><select name=s><optgroup label=G1><option>1</option><option>2</option></optgroup><option>3</option><optgroup label=G2 disabled><option>4</option></optgroup></select></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"1","title":"1"},{"type":"string","const":"2","title":"2"},{"type":"string","const":"3","title":"3"},{"type":"string","const":"4","title":"4"}],"enum":["1","2","3","4"]}},"required":[]}',
  ],
  [
    'select multiple required',
    '<form id=t toolname=t tooldescription=d><select name=s multiple required><option>a</option><option>b</option></select></form>',
    '{"type":"object","properties":{"s":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"a","title":"a"},{"type":"string","const":"b","title":"b"}],"enum":["a","b"]},"uniqueItems":true}},"required":["s"]}',
  ],
  [
    'select empty',
    '<form id=t toolname=t tooldescription=d><select name=s></select><select name=t multiple></select></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[],"enum":[]},"t":{"type":"array","items":{"type":"string","anyOf":[],"enum":[]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'select option whitespace',
    '<form id=t toolname=t tooldescription=d><select name=s><option>  spaced   out  </option><option value=" v ">t</option></select></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"spaced out","title":"  spaced   out  "},{"type":"string","const":" v ","title":"t"}],"enum":["spaced out"," v "]}},"required":[]}',
  ],
  [
    'required',
    '<form id=t toolname=t tooldescription=d><input name=a required><textarea name=b required></textarea><select name=c required><option>1</option></select><input type=number name=d required><input type=checkbox name=e required><input type=date name=f required></form>',
    '{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string","anyOf":[{"type":"string","const":"1","title":"1"}],"enum":["1"]},"d":{"type":"number","multipleOf":1},"e":{"type":"boolean"},"f":{"type":"string","format":"date","description":"Dates MUST be provided in \'YYYY-MM-DD\' format."}},"required":["a","b","c","d","e","f"]}',
  ],
  [
    'pattern',
    '<form id=t toolname=t tooldescription=d><input name=a pattern="[a-z]+"><input type=email name=b pattern=".+@x\\.com"><textarea name=c pattern="x"></textarea><input name=d pattern="(unclosed"><input name=e pattern=""><input name=f pattern="[\\p{L}]+"><input type=password name=g pattern="\\d{4}"></form>',
    '{"type":"object","properties":{"a":{"type":"string","pattern":"[a-z]+"},"b":{"type":"string","pattern":".+@x\\\\.com"},"c":{"type":"string"},"d":{"type":"string"},"e":{"type":"string","pattern":""},"f":{"type":"string","pattern":"[\\\\p{L}]+"},"g":{"type":"string","pattern":"\\\\d{4}"}},"required":[]}',
  ],
  [
    'date',
    '<form id=t toolname=t tooldescription=d><input type=date name=a><input type=date name=b toolparamdescription="Arrival"><input type=date name=c min=2020-01-01 max=2030-12-31 step=7></form>',
    '{"type":"object","properties":{"a":{"type":"string","format":"date","description":"Dates MUST be provided in \'YYYY-MM-DD\' format."},"b":{"type":"string","format":"date","description":"Arrival (Dates MUST be provided in \'YYYY-MM-DD\' format.)"},"c":{"type":"string","format":"date","description":"Dates MUST be provided in \'YYYY-MM-DD\' format."}},"required":[]}',
  ],
  [
    'time steps',
    '<form id=t toolname=t tooldescription=d><input type=time name=a><input type=time name=b step=1><input type=time name=c step=0.5><input type=time name=d step=30><input type=time name=e step=60><input type=time name=f step=90><input type=time name=g step=any><input type=time name=h step=0.001></form>',
    '{"type":"object","properties":{"a":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"b":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"},"c":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\\\.[0-9]{1,3})?)?$"},"d":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"},"e":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"f":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"g":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"h":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\\\.[0-9]{1,3})?)?$"}},"required":[]}',
  ],
  [
    'datetime-local',
    '<form id=t toolname=t tooldescription=d><input type=datetime-local name=a><input type=datetime-local name=b step=1><input type=datetime-local name=c step=0.1><input type=datetime-local name=d step=120></form>',
    '{"type":"object","properties":{"a":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$"},"b":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"},"c":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\\\.[0-9]{1,3})?)?$"},"d":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]$"}},"required":[]}',
  ],
  [
    'month week color',
    '<form id=t toolname=t tooldescription=d><input type=month name=m><input type=week name=w><input type=color name=c><input type=month name=m2 step=2 toolparamdescription=M></form>',
    '{"type":"object","properties":{"m":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])$"},"w":{"type":"string","format":"^[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])$"},"c":{"type":"string","format":"^#[0-9a-zA-Z]{6}$"},"m2":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])$","description":"M"}},"required":[]}',
  ],
  [
    'description sources',
    '<form id=t toolname=t tooldescription=d><input name=a toolparamdescription="From attribute"><label for=b>For label</label><input id=b name=b><label>Wrapping <input name=c></label><input name=d aria-description="Aria desc"><input name=e aria-label="Aria label" title="Title"><label for=f>L</label><input id=f name=f aria-description="A" toolparamdescription="P"></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"From attribute"},"b":{"type":"string","description":"For label"},"c":{"type":"string","description":"Wrapping"},"d":{"type":"string","description":"Aria desc"},"e":{"type":"string"},"f":{"type":"string","description":"P"}},"required":[]}',
  ],
  [
    'description priority',
    '<form id=t toolname=t tooldescription=d><label for=a>Label A</label><input id=a name=a aria-description="aria A"><input name=b toolparamdescription="" aria-description="aria B"><label for=c>  </label><input id=c name=c aria-description="aria C"><input name=d toolparamdescription="  padded  "></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"Label A"},"b":{"type":"string","description":"aria B"},"c":{"type":"string","description":"aria C"},"d":{"type":"string","description":"  padded  "}},"required":[]}',
  ],
  [
    'multiple labels',
    '<form id=t toolname=t tooldescription=d><label for=a>First</label><label for=a> Second </label><input id=a name=a><label>Wrap <input id=b name=b></label><label for=b>For</label></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"First; Second"},"b":{"type":"string","description":"Wrap; For"}},"required":[]}',
  ],
  [
    'label excludes labelable descendants',
    '<form id=t toolname=t tooldescription=d><label> LABEL <select name=s><option>Opt</option></select><button type=button>Btn</button><span>tail</span></label><label>Outer <input name=t><output>out</output><meter>m</meter><progress>p</progress><textarea>ta</textarea>end</label></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"Opt","title":"Opt"}],"enum":["Opt"],"description":"LABEL tail"},"t":{"type":"string","description":"Outer end"}},"required":[]}',
  ],
  [
    'label whitespace',
    '<form id=t toolname=t tooldescription=d><label for=a>\n     Line one\n     line   two\n  </label><input id=a name=a><label for=b>Tab\tand&nbsp;nbsp</label><input id=b name=b></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"Line one\\n     line   two"},"b":{"type":"string","description":"Tab\\tand nbsp"}},"required":[]}',
  ],
  [
    'label hidden text',
    '<form id=t toolname=t tooldescription=d><label for=a>Shown <span hidden>hidden</span><span style="display:none">none</span><script>var s</script><style>.x{}</style></label><input id=a name=a></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"Shown hiddennonevar s.x{}"}},"required":[]}',
  ],
  [
    'fieldset group description',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="Pick one"><legend>Legend</legend><input type=radio name=r value=1><input type=radio name=r value=2></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"],"description":"Pick one"}},"required":[]}',
  ],
  [
    'fieldset nearest lacks description',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="outer"><fieldset><input type=radio name=r value=1><input type=radio name=r value=2></fieldset></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'fieldset split group',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="A"><input type=radio name=r value=1></fieldset><fieldset toolparamdescription="B"><input type=radio name=r value=2></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'fieldset nested common',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="outer"><fieldset toolparamdescription="inner"><input type=checkbox name=c value=1></fieldset><input type=checkbox name=c value=2></fieldset></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]},"uniqueItems":true,"description":"outer"}},"required":[]}',
  ],
  [
    'fieldset single control',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="FS"><input name=t><input type=checkbox name=c></fieldset></form>',
    '{"type":"object","properties":{"t":{"type":"string"},"c":{"type":"boolean"}},"required":[]}',
  ],
  [
    'fieldset legend description',
    '<form id=t toolname=t tooldescription=d><fieldset><legend>Choose</legend><input type=radio name=r value=1><input type=radio name=r value=2></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'group label and aria on members',
    '<form id=t toolname=t tooldescription=d><label>L1 <input type=radio name=r value=1 aria-description=ad></label><input type=radio name=r value=2></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1","title":"L1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'mixed kinds dropped',
    '<form id=t toolname=t tooldescription=d><input type=radio name=m value=1><input name=m><input name=ok></form>',
    '{"type":"object","properties":{"ok":{"type":"string"}},"required":[]}',
  ],
  [
    'duplicate text dropped',
    '<form id=t toolname=t tooldescription=d><input name=d><input name=d><textarea name=t></textarea><textarea name=t></textarea><input name=ok></form>',
    '{"type":"object","properties":{"ok":{"type":"string"}},"required":[]}',
  ],
  [
    'checkbox and radio same name',
    '<form id=t toolname=t tooldescription=d><input type=checkbox name=x value=1><input type=radio name=x value=2></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'select duplicates',
    '<form id=t toolname=t tooldescription=d><select name=s><option>1</option></select><select name=s><option>2</option></select></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'select plus text same name',
    '<form id=t toolname=t tooldescription=d><select name=s><option>1</option></select><input name=s></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'single checkbox then group',
    '<form id=t toolname=t tooldescription=d><input type=checkbox name=c value=1><input name=z><input type=checkbox name=c value=2></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]},"uniqueItems":true},"z":{"type":"string"}},"required":[]}',
  ],
  [
    'disabled',
    '<form id=t toolname=t tooldescription=d><input name=a disabled><select name=b disabled><option>1</option></select><textarea name=c disabled></textarea><fieldset disabled><input name=d><legend><input name=e></legend></fieldset><input name=f></form>',
    '{"type":"object","properties":{"e":{"type":"string"},"f":{"type":"string"}},"required":[]}',
  ],
  [
    'disabled first legend exemption',
    '<form id=t toolname=t tooldescription=d><fieldset disabled><legend><input name=inlegend></legend><legend><input name=second></legend></fieldset></form>',
    '{"type":"object","properties":{"inlegend":{"type":"string"}},"required":[]}',
  ],
  [
    'disabled group member',
    '<form id=t toolname=t tooldescription=d><input type=radio name=r value=1 disabled><input type=radio name=r value=2><input type=checkbox name=c value=1><input type=checkbox name=c value=2 disabled></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"2"}],"enum":["2"]},"c":{"type":"boolean"}},"required":[]}',
  ],
  [
    'readonly',
    '<form id=t toolname=t tooldescription=d><input name=a readonly><input type=number name=b readonly><input type=date name=c readonly><input type=checkbox name=d readonly><input type=radio name=e value=1 readonly><input type=range name=f readonly><input type=color name=g readonly><textarea name=h readonly></textarea><select name=i><option>x</option></select><input type=email name=j readonly><input type=hidden name=k readonly toolparamdescription=K></form>',
    '{"type":"object","properties":{"d":{"type":"boolean"},"e":{"type":"string","anyOf":[{"type":"string","const":"1"}],"enum":["1"]},"f":{"type":"number","minimum":0,"maximum":100,"multipleOf":1},"g":{"type":"string","format":"^#[0-9a-zA-Z]{6}$"},"i":{"type":"string","anyOf":[{"type":"string","const":"x","title":"x"}],"enum":["x"]},"k":{"type":"string","description":"K"}},"required":[]}',
  ],
  [
    'names',
    '<form id=t toolname=t tooldescription=d><input name=" padded "><input name="   "><input><input name=""><input name="with space"><input name="ünïcödé"><input name="a&quot;b"><input name="__proto__"><input name="constructor"></form>',
    '{"type":"object","properties":{"padded":{"type":"string"},"with space":{"type":"string"},"ünïcödé":{"type":"string"},"a\\"b":{"type":"string"},"__proto__":{"type":"string"},"constructor":{"type":"string"}},"required":[]}',
  ],
  [
    'name trim collision',
    '<form id=t toolname=t tooldescription=d><input name="x"><input name=" x "></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'form= association and order',
    '<input form=t name=before><input name=notform><form id=t toolname=t tooldescription=d><input name=z></form><input form=t name=after><input form=other name=x><form id=other><input name=y form=t></form>',
    '{"type":"object","properties":{"before":{"type":"string"},"z":{"type":"string"},"after":{"type":"string"},"y":{"type":"string"}},"required":[]}',
  ],
  [
    'label text escape',
    '<form id=t toolname=t tooldescription=d><label for=a>Quote " back \\ tab\t</label><input id=a name=a></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"Quote \\" back \\\\ tab"}},"required":[]}',
  ],
  [
    'number with desc key order',
    '<form id=t toolname=t tooldescription=d><label for=n>Count</label><input type=number id=n name=n min=0 max=9 step=3 pattern="\\d" required></form>',
    '{"type":"object","properties":{"n":{"type":"number","minimum":0,"maximum":9,"multipleOf":3,"pattern":"\\\\d","description":"Count"}},"required":["n"]}',
  ],
  [
    'textarea label',
    '<form id=t toolname=t tooldescription=d><label>Notes<textarea name=t>default text</textarea></label></form>',
    '{"type":"object","properties":{"t":{"type":"string","description":"Notes"}},"required":[]}',
  ],
  [
    'select labels',
    '<form id=t toolname=t tooldescription=d><label for=s>Pick</label><select id=s name=s aria-description="ad"><option>1</option></select><select name=m multiple toolparamdescription="Many"><option value=a>A</option></select></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"1","title":"1"}],"enum":["1"],"description":"Pick"},"m":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"a","title":"A"}],"enum":["a"]},"uniqueItems":true,"description":"Many"}},"required":[]}',
  ],
  [
    'checkbox group required and fieldset',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="Toppings"><label><input type=checkbox name=t value=ham required>Ham</label><label><input type=checkbox name=t value=egg>Egg</label></fieldset></form>',
    '{"type":"object","properties":{"t":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"ham","title":"Ham"},{"type":"string","const":"egg","title":"Egg"}],"enum":["ham","egg"]},"uniqueItems":true,"description":"Toppings"}},"required":["t"]}',
  ],
  [
    'radio title from aria and multiple labels',
    '<form id=t toolname=t tooldescription=d><label for=r1>One</label><label for=r1>Uno</label><input id=r1 type=radio name=r value=1><input type=radio name=r value=2 aria-description="Two-ish"></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1","title":"One; Uno"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'radio values duplicate',
    '<form id=t toolname=t tooldescription=d><input type=radio name=r value=a><input type=radio name=r value=a><input type=radio name=r></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"a"},{"type":"string","const":"a"},{"type":"string","const":"on"}],"enum":["a","a","on"]}},"required":[]}',
  ],
  [
    'checkbox group duplicate values',
    '<form id=t toolname=t tooldescription=d><input type=checkbox name=c value=a><input type=checkbox name=c value=a></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"a"},{"type":"string","const":"a"}],"enum":["a","a"]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'empty form',
    '<form id=t toolname=t tooldescription=d></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'custom element and img',
    '<form id=t toolname=t tooldescription=d><img name=i><x-thing name=x></x-thing><input name=after></form>',
    '{"type":"object","properties":{"after":{"type":"string"}},"required":[]}',
  ],
  [
    'invalid type attribute casing',
    '<form id=t toolname=t tooldescription=d><input type=NUMBER name=a><input type=" email" name=b><input type=Checkbox name=c></form>',
    '{"type":"object","properties":{"a":{"type":"number","multipleOf":1},"b":{"type":"string"},"c":{"type":"boolean"}},"required":[]}',
  ],
  [
    'number exponent and precision',
    '<form id=t toolname=t tooldescription=d><input type=number name=a min=1e-7 step=1e-7><input type=number name=b max=123456789012345678901234567890><input type=number name=c min=0.1 max=0.30000000000000004></form>',
    '{"type":"object","properties":{"a":{"type":"number","minimum":1e-7,"multipleOf":1e-7},"b":{"type":"number","maximum":1.2345678901234568e+29,"multipleOf":1},"c":{"type":"number","minimum":0.1,"maximum":0.3}},"required":[]}',
  ],
  [
    'nbsp and unicode spaces in labels',
    '<form id=t toolname=t tooldescription=d><label for=a>&nbsp;X&nbsp;</label><input id=a name=a><label for=b> Y　</label><input id=b name=b><label for=c>\r\n\f Z \u000b</label><input id=c name=c></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":" X "},"b":{"type":"string","description":"Y"},"c":{"type":"string","description":"Z"}},"required":[]}',
  ],
  [
    'name unicode spaces',
    '<form id=t toolname=t tooldescription=d><input name="&nbsp;n&nbsp;"><input name=" m"><input name="\fo\r"></form>',
    '{"type":"object","properties":{" n ":{"type":"string"},"m":{"type":"string"},"o":{"type":"string"}},"required":[]}',
  ],
  [
    'toolparamdescription whitespace',
    '<form id=t toolname=t tooldescription=d><input name=a toolparamdescription="   "><input name=b toolparamdescription="\n multi\n line "></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"   "},"b":{"type":"string","description":"\\n multi\\n line "}},"required":[]}',
  ],
  [
    'aria-description whitespace',
    '<form id=t toolname=t tooldescription=d><input name=a aria-description="  spaced  "><input name=b aria-description="   "><input name=c aria-description=""></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"  spaced  "},"b":{"type":"string","description":"   "},"c":{"type":"string"}},"required":[]}',
  ],
  [
    'hidden with aria only',
    '<form id=t toolname=t tooldescription=d><input type=hidden name=h aria-description="x"><label for=h2>L</label><input type=hidden id=h2 name=h2></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'time fractional steps',
    '<form id=t toolname=t tooldescription=d><input type=time name=a step=1.5><input type=time name=b step=59.5><input type=time name=c step=61><input type=time name=d step=0><input type=time name=e step=-1><input type=time name=f step=120.5><input type=time name=g step=3600></form>',
    '{"type":"object","properties":{"a":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"},"b":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$"},"c":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"d":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"e":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"f":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"g":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"}},"required":[]}',
  ],
  [
    'range steps',
    '<form id=t toolname=t tooldescription=d><input type=range name=a step=0.5><input type=range name=b step=any min=0.5><input type=range name=c step=0><input type=range name=d value=7 step=3><input type=range name=e max=abc min=xyz></form>',
    '{"type":"object","properties":{"a":{"type":"number","minimum":0,"maximum":100,"multipleOf":0.5},"b":{"type":"number","minimum":0.5,"maximum":100},"c":{"type":"number","minimum":0,"maximum":100,"multipleOf":1},"d":{"type":"number","minimum":0,"maximum":100},"e":{"type":"number","minimum":0,"maximum":100,"multipleOf":1}},"required":[]}',
  ],
  [
    'number precision',
    '<form id=t toolname=t tooldescription=d><input type=number name=a max=0.123456789><input type=number name=b max=1.0000000000000002><input type=number name=c max=9007199254740993><input type=number name=d min=-0><input type=number name=e max=0.1234567890123456789><input type=number name=f max=1e308><input type=number name=g max=1e309><input type=number name=h max=.5><input type=number name=i max=5.><input type=number name=j max=+5><input type=number name=k max=" 5"></form>',
    '{"type":"object","properties":{"a":{"type":"number","maximum":0.123456789,"multipleOf":1},"b":{"type":"number","maximum":1,"multipleOf":1},"c":{"type":"number","maximum":9007199254740992,"multipleOf":1},"d":{"type":"number","minimum":0,"multipleOf":1},"e":{"type":"number","maximum":0.123456789012346,"multipleOf":1},"f":{"type":"number","maximum":1e+308,"multipleOf":1},"g":{"type":"number","multipleOf":1},"h":{"type":"number","maximum":0.5,"multipleOf":1},"i":{"type":"number","multipleOf":1},"j":{"type":"number","multipleOf":1},"k":{"type":"number","multipleOf":1}},"required":[]}',
  ],
  [
    'number step precision',
    '<form id=t toolname=t tooldescription=d><input type=number name=a step=0.1><input type=number name=b step=0.30000000000000004><input type=number name=c step=1e-20><input type=number name=d step=1e20 min=0><input type=number name=e step=0.333333333333333333333></form>',
    '{"type":"object","properties":{"a":{"type":"number","multipleOf":0.1},"b":{"type":"number","multipleOf":0.3},"c":{"type":"number","multipleOf":1e-20},"d":{"type":"number","minimum":0,"multipleOf":100000000000000000000},"e":{"type":"number","multipleOf":0.333333333333333}},"required":[]}',
  ],
  [
    'date labels',
    '<form id=t toolname=t tooldescription=d><label for=a>When</label><input type=date id=a name=a><input type=date name=b aria-description="Day"><input type=date name=c toolparamdescription=""></form>',
    '{"type":"object","properties":{"a":{"type":"string","format":"date","description":"When (Dates MUST be provided in \'YYYY-MM-DD\' format.)"},"b":{"type":"string","format":"date","description":"Day (Dates MUST be provided in \'YYYY-MM-DD\' format.)"},"c":{"type":"string","format":"date","description":"Dates MUST be provided in \'YYYY-MM-DD\' format."}},"required":[]}',
  ],
  [
    'checkbox label',
    '<form id=t toolname=t tooldescription=d><label><input type=checkbox name=c> Subscribe </label></form>',
    '{"type":"object","properties":{"c":{"type":"boolean","description":"Subscribe"}},"required":[]}',
  ],
  [
    'radio group in fieldset with legend and single',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="Size"><input type=radio name=r value=s></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"s"}],"enum":["s"]}},"required":[]}',
  ],
  [
    'fieldset outside form',
    '<form id=t toolname=t tooldescription=d></form><input type=radio name=r value=1 form=t><input type=radio name=r value=2 form=t>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'group fieldset with empty description',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription=""><input type=radio name=r value=1><input type=radio name=r value=2></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'group fieldset description whitespace',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="  Pad  "><input type=radio name=r value=1><input type=radio name=r value=2></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"],"description":"  Pad  "}},"required":[]}',
  ],
  [
    'label of label text nested labelable deep',
    '<form id=t toolname=t tooldescription=d><label>A<span>B<input name=x>C<span><select name=y><option>O</option></select></span>D</span>E</label></form>',
    '{"type":"object","properties":{"x":{"type":"string","description":"ABCDE"},"y":{"type":"string","anyOf":[{"type":"string","const":"O","title":"O"}],"enum":["O"]}},"required":[]}',
  ],
  [
    'option text sources',
    '<form id=t toolname=t tooldescription=d><select name=s><option>  a  <b>bold</b>  </option><option label="lab"></option><option value="v"></option></select></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"a bold","title":"  a  bold  "},{"type":"string","const":"","title":""},{"type":"string","const":"v","title":""}],"enum":["a bold","","v"]}},"required":[]}',
  ],
  [
    'checkbox values whitespace',
    '<form id=t toolname=t tooldescription=d><input type=checkbox name=c value=" a "><input type=checkbox name=c value=""></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":" a "},{"type":"string","const":""}],"enum":[" a ",""]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'select in disabled fieldset legend',
    '<form id=t toolname=t tooldescription=d><fieldset disabled><legend><select name=s><option>1</option></select></legend></fieldset></form>',
    '{"type":"object","properties":{"s":{"type":"string","anyOf":[{"type":"string","const":"1","title":"1"}],"enum":["1"]}},"required":[]}',
  ],
  [
    'output and button with description',
    '<form id=t toolname=t tooldescription=d><button name=b toolparamdescription=x>B</button><output name=o toolparamdescription=x></output></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'textarea readonly required',
    '<form id=t toolname=t tooldescription=d><textarea name=a readonly required></textarea><input name=b required readonly></form>',
    '{"type":"object","properties":{},"required":[]}',
  ],
  [
    'group required on disabled member',
    '<form id=t toolname=t tooldescription=d><input type=radio name=r value=1 required disabled><input type=radio name=r value=2></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"2"}],"enum":["2"]}},"required":[]}',
  ],
  [
    'checkbox group label multiple',
    '<form id=t toolname=t tooldescription=d><label for=c1>A</label><label for=c1>B</label><input id=c1 type=checkbox name=c value=1><input type=checkbox name=c value=2></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"1","title":"A; B"},{"type":"string","const":"2"}],"enum":["1","2"]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'single checkbox fieldset',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription="FS"><input type=checkbox name=c></fieldset></form>',
    '{"type":"object","properties":{"c":{"type":"boolean"}},"required":[]}',
  ],
  [
    'single checkbox and radio group titles',
    '<form id=t toolname=t tooldescription=d><label><input type=radio name=r value=1>R1</label></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1","title":"R1"}],"enum":["1"],"description":"R1"}},"required":[]}',
  ],
  [
    'single radio own description',
    '<form id=t toolname=t tooldescription=d><input type=radio name=r value=1 toolparamdescription="Own"></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"}],"enum":["1"],"description":"Own"}},"required":[]}',
  ],
  [
    'single radio aria',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription=FS><input type=radio name=r value=1 aria-description="Aria"></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"}],"enum":["1"],"description":"Aria"}},"required":[]}',
  ],
  [
    'group of two, one disabled, own description',
    '<form id=t toolname=t tooldescription=d><fieldset toolparamdescription=FS><input type=radio name=r value=1 disabled><label><input type=radio name=r value=2 toolparamdescription=Own>Lbl</label></fieldset></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"2","title":"Lbl"}],"enum":["2"],"description":"Own"}},"required":[]}',
  ],
  [
    'empty label among labels',
    '<form id=t toolname=t tooldescription=d><label for=a>A</label><label for=a>  </label><label for=a><input name=zz></label><label for=a>C</label><input id=a name=a></form>',
    '{"type":"object","properties":{"zz":{"type":"string"},"a":{"type":"string","description":"A; ; ; C"}},"required":[]}',
  ],
  [
    'fieldset outside form for form= radios',
    '<form id=t toolname=t tooldescription=d></form><fieldset toolparamdescription=OUT><input type=radio name=r value=1 form=t><input type=radio name=r value=2 form=t></fieldset>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"],"description":"OUT"}},"required":[]}',
  ],
  [
    'fieldset enclosing the form',
    '<fieldset toolparamdescription=ENC><form id=t toolname=t tooldescription=d><input type=radio name=r value=1><input type=radio name=r value=2></form></fieldset>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1"},{"type":"string","const":"2"}],"enum":["1","2"]}},"required":[]}',
  ],
  [
    'group with label and toolparamdescription member',
    '<form id=t toolname=t tooldescription=d><label><input type=checkbox name=c value=1 toolparamdescription=X>One</label><input type=checkbox name=c value=2 aria-description=Y></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"1","title":"One"},{"type":"string","const":"2"}],"enum":["1","2"]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'select multiple label wrapping',
    '<form id=t toolname=t tooldescription=d><label>Choose <select name=s multiple><option>a</option></select></label></form>',
    '{"type":"object","properties":{"s":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"a","title":"a"}],"enum":["a"]},"uniqueItems":true,"description":"Choose"}},"required":[]}',
  ],
  [
    'hidden empty desc and whitespace desc',
    '<form id=t toolname=t tooldescription=d><input type=hidden name=a toolparamdescription=" "></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":" "}},"required":[]}',
  ],
  [
    'number label and description date',
    '<form id=t toolname=t tooldescription=d><label for=d>  Date  </label><input id=d type=date name=d required></form>',
    '{"type":"object","properties":{"d":{"type":"string","format":"date","description":"Date (Dates MUST be provided in \'YYYY-MM-DD\' format.)"}},"required":["d"]}',
  ],
  [
    'textarea wrapping label with other text',
    '<form id=t toolname=t tooldescription=d><label>Bio <textarea name=b>x</textarea> (max 100)</label></form>',
    '{"type":"object","properties":{"b":{"type":"string","description":"Bio  (max 100)"}},"required":[]}',
  ],
  [
    'label with img alt and input hidden inside',
    '<form id=t toolname=t tooldescription=d><label for=a>Go<img alt=ALT><input type=hidden value=hid>!</label><input id=a name=a></form>',
    '{"type":"object","properties":{"a":{"type":"string","description":"Go!"}},"required":[]}',
  ],
  [
    'checkbox value attr missing with label title',
    '<form id=t toolname=t tooldescription=d><label><input type=checkbox name=c>Yes</label><label><input type=checkbox name=c value=no>No</label></form>',
    '{"type":"object","properties":{"c":{"type":"array","items":{"type":"string","anyOf":[{"type":"string","const":"on","title":"Yes"},{"type":"string","const":"no","title":"No"}],"enum":["on","no"]},"uniqueItems":true}},"required":[]}',
  ],
  [
    'radio inside label that also contains text input',
    '<form id=t toolname=t tooldescription=d><label>Pick <input type=radio name=r value=1> or type <input name=other></label><input type=radio name=r value=2></form>',
    '{"type":"object","properties":{"r":{"type":"string","anyOf":[{"type":"string","const":"1","title":"Pick  or type"},{"type":"string","const":"2"}],"enum":["1","2"]},"other":{"type":"string"}},"required":[]}',
  ],
  [
    'color and range descriptions',
    '<form id=t toolname=t tooldescription=d><label>Colour<input type=color name=c></label><input type=range name=r toolparamdescription=Volume></form>',
    '{"type":"object","properties":{"c":{"type":"string","format":"^#[0-9a-zA-Z]{6}$","description":"Colour"},"r":{"type":"number","minimum":0,"maximum":100,"multipleOf":1,"description":"Volume"}},"required":[]}',
  ],
  [
    'time with description',
    '<form id=t toolname=t tooldescription=d><input type=time name=t toolparamdescription=When><input type=month name=m aria-description=Month></form>',
    '{"type":"object","properties":{"t":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"When"},"m":{"type":"string","format":"^[0-9]{4}-(0[1-9]|1[0-2])$","description":"Month"}},"required":[]}',
  ],
  [
    'pattern by type',
    '<form id=t toolname=t tooldescription=d><input type=date name=d pattern=x><input type=color name=c pattern=x><input type=range name=r pattern=x><input type=hidden name=h pattern=x toolparamdescription=H><input type=checkbox name=cb pattern=x><input type=time name=tm pattern=x><input name=w pattern="a)(b"><input name=u pattern="\\u{61}"><input name=q pattern="[a-z"><input type=radio name=rr value=1 pattern=x><select name=s pattern=x></select><input type=url name=url pattern="https://.*"><input type=search name=se pattern="[^@]+"></form>',
    '{"type":"object","properties":{"d":{"type":"string","format":"date","description":"Dates MUST be provided in \'YYYY-MM-DD\' format."},"c":{"type":"string","format":"^#[0-9a-zA-Z]{6}$"},"r":{"type":"number","minimum":0,"maximum":100,"multipleOf":1},"h":{"type":"string","pattern":"x","description":"H"},"cb":{"type":"boolean"},"tm":{"type":"string","format":"^([01][0-9]|2[0-3]):[0-5][0-9]$"},"w":{"type":"string"},"u":{"type":"string","pattern":"\\\\u{61}"},"q":{"type":"string"},"rr":{"type":"string","anyOf":[{"type":"string","const":"1"}],"enum":["1"]},"s":{"type":"string","anyOf":[],"enum":[]},"url":{"type":"string","pattern":"https://.*"},"se":{"type":"string","pattern":"[^@]+"}},"required":[]}',
  ],
  [
    'number formatting of bounds',
    '<form id=t toolname=t tooldescription=d><input type=number name=n0 max="1234567.891234567" step=any><input type=number name=n1 max="123456789012345678" step=any><input type=number name=n2 max="1.5e-10" step=any><input type=number name=n3 max="0.000001234567890123" step=any><input type=number name=n4 max="12345.678901234567" step=any><input type=number name=n5 max="1e21" step=any><input type=number name=n6 max="1e20" step=any><input type=number name=n7 max="123456789012345.6" step=any><input type=number name=n8 max="0.30000000000000004" step=any><input type=number name=n9 max="1.2345678901234567e-7" step=any><input type=number name=n10 max="3.141592653589793238" step=any><input type=number name=n11 max="-0.1234567890123456789" step=any><input type=number name=n12 max="5e-324" step=any><input type=number name=n13 max="1.7976931348623157e308" step=any></form>',
    '{"type":"object","properties":{"n0":{"type":"number","maximum":1234567.89123457},"n1":{"type":"number","maximum":123456789012345680},"n2":{"type":"number","maximum":1.5e-10},"n3":{"type":"number","maximum":0.000001234567890123},"n4":{"type":"number","maximum":12345.6789012346},"n5":{"type":"number","maximum":1e+21},"n6":{"type":"number","maximum":100000000000000000000},"n7":{"type":"number","maximum":123456789012346},"n8":{"type":"number","maximum":0.3},"n9":{"type":"number","maximum":1.23456789012346e-7},"n10":{"type":"number","maximum":3.14159265358979},"n11":{"type":"number","maximum":-0.123456789012346},"n12":{"type":"number","maximum":5e-324},"n13":{"type":"number","maximum":1.7976931348623157e+308}},"required":[]}',
  ],
]

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/** Pages of forms: each form waits in a template and is inserted, read and removed in turn. */
function pages(): Case[] {
  const cases: Case[] = []
  let chunk: typeof CORPUS = []
  let first = 0
  const flush = () => {
    const templates = chunk.map(
      ([title, html]) => `<template title="${escape(title)}">${html}</template>`,
    )
    cases.push({
      name: `forms ${first + 1}–${first + chunk.length}: ${chunk[0]![0]} … ${chunk.at(-1)![0]}`,
      path: page(`<div id=host></div>${templates.join('')}`),
      run: async () => {
        const out: Record<string, string | undefined> = {}
        const host = document.getElementById('host')!
        for (const template of document.querySelectorAll('template')) {
          const added = d.changes()
          host.replaceChildren(template.content.cloneNode(true))
          await added
          out[template.title] = await d.schema()
          const removed = d.changes()
          host.replaceChildren()
          await removed
        }
        return out
      },
      expected: Object.fromEntries(chunk.map(([title, , schema]) => [title, schema])),
    })
    first += chunk.length
    chunk = []
  }
  for (const row of CORPUS) {
    chunk.push(row)
    if (encodeURIComponent(chunk.map((r) => r[1]).join('')).length > 5000) flush()
  }
  if (chunk.length) flush()
  return cases
}

differential('declarative: form → JSON Schema', pages())
