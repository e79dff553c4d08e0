/**
 * MediaPipe Face Mesh's wasm loader (Emscripten embind) generates JavaScript at run time with
 * `new Function`, which our Content-Security-Policy refuses (script-src has 'wasm-unsafe-eval' but
 * not 'unsafe-eval'). The build serves it with those three helpers swapped for Emscripten's own
 * eval-free versions (what it emits with -sDYNAMIC_EXECUTION=0), so the policy stays as strict.
 * A file this does not recognise fails the build rather than reaching users with eval inside.
 */

/** function createNamedFunction(name, body): a function called `name` that calls `body`. */
const EVAL_NAMED_FUNCTION =
  /function createNamedFunction\(name,body\)\{name=makeLegalFunctionName\(name\);return new Function\([^]*?\)\(body\)\}/;
export const NAMED_FUNCTION =
  'function createNamedFunction(name,body){name=makeLegalFunctionName(name);' +
  'var f=function(){"use strict";return body.apply(this,arguments)};' +
  'Object.defineProperty(f,"name",{value:name});return f}';

/** embind's wrapper of a C++ function: wire the arguments, call, free, unwire the result. */
export const INVOKER_FUNCTION = `function craftInvokerFunction(humanName,argTypes,classType,cppInvokerFunc,cppTargetFunc){
var argCount=argTypes.length;
if(argCount<2){throwBindingError("argTypes array size mismatch! Must at least get return value and 'this' types!")}
var isClassMethodFunc=argTypes[1]!==null&&classType!==null;
var needsDestructorStack=false;
for(var i=1;i<argTypes.length;++i){if(argTypes[i]!==null&&argTypes[i].destructorFunction===undefined){needsDestructorStack=true;break}}
var returns=argTypes[0].name!=="void";
var expectedArgCount=argCount-2;
return createNamedFunction(humanName,function(){
if(arguments.length!==expectedArgCount){throwBindingError("function "+humanName+" called with "+arguments.length+" arguments, expected "+expectedArgCount+" args!")}
var destructors=[];
var thisWired;
var argsWired=new Array(expectedArgCount);
var invokerArgs=[cppTargetFunc];
if(isClassMethodFunc){thisWired=argTypes[1].toWireType(destructors,this);invokerArgs.push(thisWired)}
for(var i=0;i<expectedArgCount;++i){argsWired[i]=argTypes[i+2].toWireType(destructors,arguments[i]);invokerArgs.push(argsWired[i])}
var rv=cppInvokerFunc.apply(null,invokerArgs);
if(needsDestructorStack){runDestructors(destructors)}else{for(var i=isClassMethodFunc?1:2;i<argTypes.length;i++){var param=i===1?thisWired:argsWired[i-2];if(argTypes[i].destructorFunction!==null){argTypes[i].destructorFunction(param)}}}
if(returns){return argTypes[0].fromWireType(rv)}
})}`;

/** emscripten::val's caller of a JavaScript method from C++. */
export const METHOD_CALLER = `var invokerFunction=function(handle,name,destructors,args){
var argN=new Array(argCount-1);
var offset=0;
for(var i=0;i<argCount-1;++i){argN[i]=types[i+1].readValueFromPointer(args+offset);offset+=types[i+1]["argPackAdvance"]}
var rv=handle[name].apply(handle,argN);
for(var i=0;i<argCount-1;++i){if(types[i+1]["deleteObject"]){types[i+1].deleteObject(argN[i])}}
if(!retType.isVoid){return retType.toWireType(destructors,rv)}
};`;

/** Replaces source[start of `from` .. end of `to`] (the first such span) with `by`. */
function swap(source: string, from: string, to: string, by: string, file: string): string {
  const start = source.indexOf(from);
  const end = start < 0 ? -1 : source.indexOf(to, start);
  if (start < 0 || end < 0) throw new Error(`${file}: no ${from}…${to} to replace`);
  return source.slice(0, start) + by + source.slice(end + to.length);
}

/** `source` (a file of a MediaPipe solution) without run-time code generation. */
export function withoutEval(file: string, source: Buffer): Buffer {
  if (!file.endsWith('.js')) return source;
  let text = source.toString('utf8');
  if (!/new Function|new_\(Function/.test(text)) return source;
  if (!EVAL_NAMED_FUNCTION.test(text))
    throw new Error(`${file}: no createNamedFunction to replace`);
  text = text.replace(EVAL_NAMED_FUNCTION, NAMED_FUNCTION);
  text = swap(
    text,
    'function craftInvokerFunction(',
    'return invokerFunction}',
    INVOKER_FUNCTION,
    file,
  );
  text = swap(
    text,
    'var params=["retType"];',
    'var invokerFunction=new_(Function,params).apply(null,args);',
    METHOD_CALLER,
    file,
  );
  if (/new Function|new_\(Function|\beval\(/.test(text))
    throw new Error(`${file}: code generation left after patching`);
  return Buffer.from(text, 'utf8');
}
