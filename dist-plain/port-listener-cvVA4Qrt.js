import { a as QuickboxError, c as changedChunks, d as hashChunks, f as resizeHashes, i as snapshotId, l as collectChunks, n as encodeSnapshot, o as isQuickboxError, p as usedChunks, r as readSnapshotHeader, s as applyChunks, t as decodeSnapshot, u as hashAppliedChunks } from "./snapshot-codec-CMGbdmR3.js";
import { parse } from "acorn";
import { transform } from "sucrase";
import { parse as parse$1 } from "devalue";
// src/generated/guest-prelude.ts
var GUEST_PRELUDE_SOURCE = "(function(){const {Object,Function,Array,Number,Boolean,String,Symbol,BigInt,Math,JSON,Reflect,Promise,Proxy,Error,TypeError,RangeError,SyntaxError,ReferenceError,EvalError,URIError,AggregateError,Date,RegExp,Map,Set,WeakMap,WeakSet,WeakRef,FinalizationRegistry,ArrayBuffer,SharedArrayBuffer,DataView,Int8Array,Uint8Array,Uint8ClampedArray,Int16Array,Uint16Array,Int32Array,Uint32Array,Float32Array,Float64Array,BigInt64Array,BigUint64Array,Iterator,parseInt,parseFloat,isNaN,isFinite,encodeURIComponent,decodeURIComponent,encodeURI,decodeURI,escape,unescape} = globalThis;\nvar __quickboxInternal=(function(e){Object.defineProperty(e,Symbol.toStringTag,{value:`Module`});var t=Object.create,n=Object.defineProperty,r=Object.getOwnPropertyDescriptor,i=Object.getOwnPropertyNames,a=Object.getPrototypeOf,o=Object.prototype.hasOwnProperty,s=(e,t)=>()=>(t||(e((t={exports:{}}).exports,t,t.exports),e=null),t.exports),c=(e,t,a,s)=>{if(t&&typeof t==`object`||typeof t==`function`)for(var c=i(t),l=0,u=c.length,d;l<u;l++)d=c[l],!o.call(e,d)&&d!==a&&n(e,d,{get:(e=>t[e]).bind(null,d),enumerable:!(s=r(t,d))||s.enumerable});return e},{inspect:l,format:u,formatWithOptions:d,stripVTControlCharacters:f,stylizeWithColor:p,stylizeWithHTML:m,Proxy:h}=((e,r,i)=>(i=e==null?{}:t(a(e)),c(n(i,`default`,{value:e,enumerable:!0}),e)))(s(((e,t,n)=>{var r=globalThis.Proxy,i=`Atomics`in globalThis;i||(globalThis.Atomics={}),(function(n,r){typeof e==`object`&&typeof t==`object`?t.exports=r():typeof define==`function`&&define.amd?define([],r):typeof e==`object`?e.util=r():n.util=r()})(n,(()=>(()=>{\"use strict\";var e={765:(e,t)=>{function n(e){return n=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},n(e)}function r(e,t){for(var n=0;n<t.length;n++){var r=t[n];r.enumerable=r.enumerable||!1,r.configurable=!0,`value`in r&&(r.writable=!0),Object.defineProperty(e,i(r.key),r)}}function i(e){var t=function(e,t){if(n(e)!=`object`||!e)return e;var r=e[Symbol.toPrimitive];if(r!==void 0){var i=r.call(e,`string`);if(n(i)!=`object`)return i;throw TypeError(`@@toPrimitive must return a primitive value.`)}return String(e)}(e);return n(t)==`symbol`?t:t+``}t.h=function(){return e=function e(){(function(e,t){if(!(e instanceof t))throw TypeError(`Cannot call a class as a function`)})(this,e)},t=[{key:`hexSlice`,value:function(){var e=arguments.length>0&&arguments[0]!==void 0?arguments[0]:0,t=arguments.length>1?arguments[1]:void 0;return Array.prototype.map.call(this.slice(e,t),(function(e){return(`00`+e.toString(16)).slice(-2)})).join(``)}}],t&&r(e.prototype,t),Object.defineProperty(e,\"prototype\",{writable:!1}),e;var e,t}()},339:(e,t,n)=>{function r(e){return r=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},r(e)}function i(e,t){var n=typeof Symbol<`u`&&e[Symbol.iterator]||e[`@@iterator`];if(!n){if(Array.isArray(e)||(n=function(e,t){if(e){if(typeof e==`string`)return a(e,t);var n=Object.prototype.toString.call(e).slice(8,-1);return n===`Object`&&e.constructor&&(n=e.constructor.name),n===`Map`||n===`Set`?Array.from(e):n===`Arguments`||/^(?:Ui|I)nt(?:8|16|32)(?:Clamped)?Array$/.test(n)?a(e,t):void 0}}(e))||t&&e&&typeof e.length==`number`){n&&(e=n);var r=0,i=function(){};return{s:i,n:function(){return r>=e.length?{done:!0}:{done:!1,value:e[r++]}},e:function(e){throw e},f:i}}throw TypeError(`Invalid attempt to iterate non-iterable instance.\nIn order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}var o,s=!0,c=!1;return{s:function(){n=n.call(e)},n:function(){var e=n.next();return s=e.done,e},e:function(e){c=!0,o=e},f:function(){try{s||n.return==null||n.return()}finally{if(c)throw o}}}}function a(e,t){(t==null||t>e.length)&&(t=e.length);for(var n=0,r=Array(t);n<t;n++)r[n]=e[n];return r}function o(e,t){var n=Object.keys(e);if(Object.getOwnPropertySymbols){var r=Object.getOwnPropertySymbols(e);t&&(r=r.filter((function(t){return Object.getOwnPropertyDescriptor(e,t).enumerable}))),n.push.apply(n,r)}return n}function s(e){for(var t=1;t<arguments.length;t++){var n=arguments[t]==null?{}:arguments[t];t%2?o(Object(n),!0).forEach((function(t){c(e,t,n[t])})):Object.getOwnPropertyDescriptors?Object.defineProperties(e,Object.getOwnPropertyDescriptors(n)):o(Object(n)).forEach((function(t){Object.defineProperty(e,t,Object.getOwnPropertyDescriptor(n,t))}))}return e}function c(e,t,n){var i=function(e,t){if(r(e)!=`object`||!e)return e;var n=e[Symbol.toPrimitive];if(n!==void 0){var i=n.call(e,`string`);if(r(i)!=`object`)return i;throw TypeError(`@@toPrimitive must return a primitive value.`)}return String(e)}(t);return(t=r(i)==`symbol`?i:i+``)in e?Object.defineProperty(e,t,{value:n,enumerable:!0,configurable:!0,writable:!0}):e[t]=n,e}var l,u,d=n(951),f=d.internalBinding,p=d.Array,m=d.ArrayIsArray,h=d.ArrayPrototypeFilter,g=d.ArrayPrototypeForEach,_=d.ArrayPrototypeIncludes,v=d.ArrayPrototypeIndexOf,y=d.ArrayPrototypeJoin,b=d.ArrayPrototypeMap,x=d.ArrayPrototypePop,S=d.ArrayPrototypePush,C=d.ArrayPrototypePushApply,w=d.ArrayPrototypeSlice,T=d.ArrayPrototypeSort,ee=d.ArrayPrototypeSplice,E=d.ArrayPrototypeUnshift,te=d.BigIntPrototypeValueOf,ne=d.BooleanPrototypeValueOf,re=d.DatePrototypeGetTime,ie=d.DatePrototypeToISOString,ae=d.DatePrototypeToString,D=d.ErrorPrototypeToString,O=d.FunctionPrototypeBind,k=d.FunctionPrototypeCall,oe=d.FunctionPrototypeToString,se=d.JSONStringify,ce=d.MapPrototypeEntries,le=d.MapPrototypeGetSize,ue=d.MathFloor,A=d.MathMax,j=d.MathMin,de=d.MathRound,fe=d.MathSqrt,pe=d.MathTrunc,me=d.Number,he=d.NumberIsFinite,ge=d.NumberIsNaN,_e=d.NumberParseFloat,ve=d.NumberParseInt,ye=d.NumberPrototypeToString,be=d.NumberPrototypeValueOf,xe=d.Object,Se=d.ObjectAssign,Ce=d.ObjectDefineProperty,M=d.ObjectGetOwnPropertyDescriptor,we=d.ObjectGetOwnPropertyNames,Te=d.ObjectGetOwnPropertySymbols,Ee=d.ObjectGetPrototypeOf,De=d.ObjectIs,Oe=d.ObjectKeys,N=d.ObjectPrototypeHasOwnProperty,ke=d.ObjectPrototypePropertyIsEnumerable,Ae=d.ObjectSeal,je=d.ObjectSetPrototypeOf,Me=d.ReflectApply,Ne=d.ReflectOwnKeys,P=d.RegExp,F=d.RegExpPrototypeExec,I=d.RegExpPrototypeSymbolReplace,Pe=d.RegExpPrototypeSymbolSplit,Fe=d.RegExpPrototypeToString,Ie=d.SafeMap,Le=d.SafeSet,L=d.SafeStringIterator,Re=d.SetPrototypeGetSize,ze=d.SetPrototypeValues,R=d.String,z=d.StringPrototypeCharCodeAt,Be=d.StringPrototypeCodePointAt,Ve=d.StringPrototypeEndsWith,B=d.StringPrototypeIncludes,V=d.StringPrototypeIndexOf,He=d.StringPrototypeLastIndexOf,Ue=d.StringPrototypeNormalize,We=d.StringPrototypePadEnd,Ge=d.StringPrototypePadStart,H=d.StringPrototypeRepeat,Ke=d.StringPrototypeReplaceAll,U=d.StringPrototypeSlice,qe=d.StringPrototypeSplit,Je=d.StringPrototypeStartsWith,Ye=d.StringPrototypeToLowerCase,Xe=d.StringPrototypeTrim,Ze=d.StringPrototypeValueOf,Qe=d.SymbolPrototypeToString,$e=d.SymbolPrototypeValueOf,et=d.SymbolIterator,tt=d.SymbolToStringTag,nt=d.TypedArrayPrototypeGetLength,rt=d.TypedArrayPrototypeGetSymbolToStringTag,it=d.Uint8Array,at=d.globalThis,ot=d.uncurryThis,W=n(763),st=W.constants,ct=st.ALL_PROPERTIES,lt=st.ONLY_ENUMERABLE,ut=st.kPending,dt=st.kRejected,ft=W.getOwnNonIndexProperties,pt=W.getPromiseDetails,mt=W.getProxyDetails,ht=W.previewEntries,gt=W.getConstructorName,_t=W.getExternalValue,vt=W.Proxy,yt=n(641),G=yt.customInspectSymbol,bt=yt.isError,xt=yt.join,St=yt.removeColors,Ct=n(638).isStackOverflowError,K=n(567),wt=K.isAsyncFunction,Tt=K.isGeneratorFunction,Et=K.isAnyArrayBuffer,Dt=K.isArrayBuffer,Ot=K.isArgumentsObject,kt=K.isBoxedPrimitive,At=K.isDataView,jt=K.isExternal,Mt=K.isMap,Nt=K.isMapIterator,Pt=K.isModuleNamespaceObject,Ft=K.isNativeError,It=K.isPromise,Lt=K.isSet,Rt=K.isSetIterator,zt=K.isWeakMap,Bt=K.isWeakSet,Vt=K.isRegExp,Ht=K.isDate,Ut=K.isTypedArray,Wt=K.isStringObject,Gt=K.isNumberObject,Kt=K.isBooleanObject,qt=K.isBigIntObject,Jt=n(783),Yt=n(111).BuiltinModule,Xt=n(322),Zt=Xt.validateObject,Qt=Xt.validateString,$t=Xt.kValidateObjectAllowArray,en,tn,nn,rn,an,on=new Le(h(we(at),(function(e){return F(/^[A-Z][a-zA-Z0-9]+$/,e)!==null}))),sn=function(e){return e===void 0&&e!==void 0},q=Ae({showHidden:!1,depth:2,colors:!1,customInspect:!0,showProxy:!1,maxArrayLength:100,maxStringLength:1e4,breakLength:80,compact:3,sorted:!1,getters:!1,numericSeparator:!1}),cn=0,ln=1,un=2;try{en=new P(`[\\\\x00-\\\\x1f\\\\x27\\\\x5c\\\\x7f-\\\\x9f]|[\\\\ud800-\\\\udbff](?![\\\\udc00-\\\\udfff])|(?<![\\\\ud800-\\\\udbff])[\\\\udc00-\\\\udfff]`),tn=new P(`[\\0-\\\\x1f\\\\x27\\\\x5c\\\\x7f-\\\\x9f]|[\\\\ud800-\\\\udbff](?![\\\\udc00-\\\\udfff])|(?<![\\\\ud800-\\\\udbff])[\\\\udc00-\\\\udfff]`,`g`),nn=new P(`[\\\\x00-\\\\x1f\\\\x5c\\\\x7f-\\\\x9f]|[\\\\ud800-\\\\udbff](?![\\\\udc00-\\\\udfff])|(?<![\\\\ud800-\\\\udbff])[\\\\udc00-\\\\udfff]`),rn=new P(`[\\\\x00-\\\\x1f\\\\x5c\\\\x7f-\\\\x9f]|[\\\\ud800-\\\\udbff](?![\\\\udc00-\\\\udfff])|(?<![\\\\ud800-\\\\udbff])[\\\\udc00-\\\\udfff]`,`g`);var dn=new P(`(?<=\\\\n)`);an=function(e){return Pe(dn,e)}}catch{en=/[\\x00-\\x1f\\x27\\x5c\\x7f-\\x9f]/,tn=/[\\x00-\\x1f\\x27\\x5c\\x7f-\\x9f]/g,nn=/[\\x00-\\x1f\\x5c\\x7f-\\x9f]/,rn=/[\\x00-\\x1f\\x5c\\x7f-\\x9f]/g,an=function(e){var t=Pe(/\\n/,e),n=x(t),r=b(t,(function(e){return e+`\n`}));return n!==``&&r.push(n),r}}var fn,pn=/^[a-zA-Z_][a-zA-Z_0-9]*$/,mn=/^(0|[1-9][0-9]*)$/,hn=/^ {4}at (?:[^/\\\\(]+ \\(|)node:(.+):\\d+:\\d+\\)?$/,gn=/[/\\\\]node_modules[/\\\\](.+?)(?=[/\\\\])/g,_n=/^(\\s+[^(]*?)\\s*{/,vn=/(\\/\\/.*?\\n)|(\\/\\*(.|\\n)*?\\*\\/)/g,yn=16,bn=0,xn=1,Sn=2,Cn=`\\\\x00.\\\\x01.\\\\x02.\\\\x03.\\\\x04.\\\\x05.\\\\x06.\\\\x07.\\\\b.\\\\t.\\\\n.\\\\x0B.\\\\f.\\\\r.\\\\x0E.\\\\x0F.\\\\x10.\\\\x11.\\\\x12.\\\\x13.\\\\x14.\\\\x15.\\\\x16.\\\\x17.\\\\x18.\\\\x19.\\\\x1A.\\\\x1B.\\\\x1C.\\\\x1D.\\\\x1E.\\\\x1F........\\\\'.....................................................\\\\\\\\...................................\\\\x7F.\\\\x80.\\\\x81.\\\\x82.\\\\x83.\\\\x84.\\\\x85.\\\\x86.\\\\x87.\\\\x88.\\\\x89.\\\\x8A.\\\\x8B.\\\\x8C.\\\\x8D.\\\\x8E.\\\\x8F.\\\\x90.\\\\x91.\\\\x92.\\\\x93.\\\\x94.\\\\x95.\\\\x96.\\\\x97.\\\\x98.\\\\x99.\\\\x9A.\\\\x9B.\\\\x9C.\\\\x9D.\\\\x9E.\\\\x9F`.split(`.`),wn=new P(`[\\\\u001B\\\\u009B][[\\\\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\\\\d\\\\/#&.:=?%@~_]+)*|[a-zA-Z\\\\d]+(?:;[-a-zA-Z\\\\d\\\\/#&.:=?%@~_]*)*)?\\\\u0007)|(?:(?:\\\\d{1,4}(?:;\\\\d{0,4})*)?[\\\\dA-PR-TZcf-ntqry=><~]))`,`g`);function J(e,t){var n={budget:{},indentationLvl:0,seen:[],currentDepth:0,stylize:kn,showHidden:q.showHidden,depth:q.depth,colors:q.colors,customInspect:q.customInspect,showProxy:q.showProxy,maxArrayLength:q.maxArrayLength,maxStringLength:q.maxStringLength,breakLength:q.breakLength,compact:q.compact,sorted:q.sorted,getters:q.getters,numericSeparator:q.numericSeparator};if(arguments.length>1){if(arguments.length>2&&(arguments[2]!==void 0&&(n.depth=arguments[2]),arguments.length>3&&arguments[3]!==void 0&&(n.colors=arguments[3])),typeof t==`boolean`)n.showHidden=t;else if(t)for(var r=Oe(t),i=0;i<r.length;++i){var a=r[i];N(q,a)||a===`stylize`?n[a]=t[a]:n.userOptions===void 0&&(n.userOptions=t)}}return n.colors&&(n.stylize=On),n.maxArrayLength===null&&(n.maxArrayLength=1/0),n.maxStringLength===null&&(n.maxStringLength=1/0),$(n,e,0)}J.custom=G,Ce(J,`defaultOptions`,{__proto__:null,get:function(){return q},set:function(e){return Zt(e,`options`),Se(q,e)}});var Y=39,X=49;function Z(e,t){Ce(J.colors,t,{__proto__:null,get:function(){return this[e]},set:function(t){this[e]=t},configurable:!0,enumerable:!1})}function Tn(e,t){return t===-1?`\"${e}\"`:t===-2?`\\`${e}\\``:`'${e}'`}function En(e){var t=z(e);return Cn.length>t?Cn[t]:`\\\\u${ye(t,16)}`}function Dn(e){var t=en,n=tn,r=39;if(B(e,`'`)&&(B(e,`\"`)?B(e,\"`\")||B(e,\"${\")||(r=-2):r=-1,r!==39&&(t=nn,n=rn)),e.length<5e3&&F(t,e)===null)return Tn(e,r);if(e.length>100)return Tn(e=I(n,e,En),r);for(var i=``,a=0,o=0;o<e.length;o++){var s=z(e,o);if(s===r||s===92||s<32||s>126&&s<160)i+=a===o?Cn[s]:`${U(e,a,o)}${Cn[s]}`,a=o+1;else if(s>=55296&&s<=57343){if(s<=56319&&o+1<e.length){var c=z(e,o+1);if(c>=56320&&c<=57343){o++;continue}}i+=`${U(e,a,o)}\\\\u${ye(s,16)}`,a=o+1}}return a!==e.length&&(i+=U(e,a)),Tn(i,r)}function On(e,t){var n=J.styles[t];if(n!==void 0){var r=J.colors[n];if(r!==void 0)return`\x1B[${r[0]}m${e}\x1B[${r[1]}m`}return e}function kn(e){return e}function An(){return[]}function jn(e,t){try{return e instanceof t}catch{return!1}}function Mn(e,t,n,r){for(var i,a=e;e||sn(e);){var o=M(e,`constructor`);if(o!==void 0&&typeof o.value==`function`&&o.value.name!==``&&jn(a,o.value))return r===void 0||i===e&&on.has(o.value.name)||Nn(t,a,i||a,n,r),R(o.value.name);e=Ee(e),i===void 0&&(i=e)}if(i===null)return null;var c=gt(a);if(n>t.depth&&t.depth!==null)return`${c} <Complex prototype>`;var l=Mn(i,t,n+1,r);return l===null?`${c} <${J(i,s(s({},t),{},{customInspect:!1,depth:-1}))}>`:`${c} <${l}>`}function Nn(e,t,n,r,a){var o,s,c=0;do{if(c!==0||t===n){if((n=Ee(n))===null)return;var l=M(n,`constructor`);if(l!==void 0&&typeof l.value==`function`&&on.has(l.value.name))return}c===0?s=new Le:g(o,(function(e){return s.add(e)})),o=Ne(n),S(e.seen,t);var u,d=i(o);try{for(d.s();!(u=d.n()).done;){var f=u.value;if(!(f===`constructor`||N(t,f)||c!==0&&s.has(f))){var p=M(n,f);if(typeof p.value!=`function`){var m=or(e,n,r,f,cn,p,t);e.colors?S(a,`\x1B[2m${m}\x1B[22m`):S(a,m)}}}}catch(e){d.e(e)}finally{d.f()}x(e.seen)}while(++c!=3)}function Q(e,t,n){var r=arguments.length>3&&arguments[3]!==void 0?arguments[3]:``;return e===null?t!==``&&n!==t?`[${n}${r}: null prototype] [${t}] `:`[${n}${r}: null prototype] `:t!==``&&e!==t?`${e}${r} [${t}] `:`${e}${r} `}function Pn(e,t){var n,r=Te(e);if(t)n=we(e),r.length!==0&&C(n,r);else{try{n=Oe(e)}catch(t){Jt(Ft(t)&&t.name===`ReferenceError`&&Pt(e)),n=we(e)}r.length!==0&&C(n,h(r,(function(t){return ke(e,t)})))}return n}function Fn(e,t,n){var r=``;return t===null&&(r=gt(e))===n&&(r=`Object`),Q(t,n,r)}function $(e,t,a,o){if(r(t)!==`object`&&typeof t!=`function`&&!sn(t))return Gn(e.stylize,t,e);if(t===null)return e.stylize(`null`,`null`);var c=t,l=mt(t,!!e.showProxy);if(l!==void 0){if(l===null||l[0]===null)return e.stylize(`<Revoked Proxy>`,`special`);if(e.showProxy)return function(e,t,n){if(n>e.depth&&e.depth!==null)return e.stylize(`Proxy [Array]`,`special`);n+=1,e.indentationLvl+=2;var r=[$(e,t[0],n),$(e,t[1],n)];return e.indentationLvl-=2,cr(e,r,``,[`Proxy [`,`]`],un,n)}(e,l,a);t=l}if(e.customInspect){var f=t[G];if(typeof f==`function`&&f!==J&&(!t.constructor||t.constructor.prototype!==t)){var p=k(f,c,e.depth===null?null:e.depth-a,function(e,t){var n=s({stylize:e.stylize,showHidden:e.showHidden,depth:e.depth,colors:e.colors,customInspect:e.customInspect,showProxy:e.showProxy,maxArrayLength:e.maxArrayLength,maxStringLength:e.maxStringLength,breakLength:e.breakLength,compact:e.compact,sorted:e.sorted,getters:e.getters,numericSeparator:e.numericSeparator},e.userOptions);if(t){je(n,null);var a,o=i(Oe(n));try{for(o.s();!(a=o.n()).done;){var c=a.value;r(n[c])!==`object`&&typeof n[c]!=`function`||n[c]===null||delete n[c]}}catch(e){o.e(e)}finally{o.f()}n.stylize=je((function(t,n){var r;try{r=`${e.stylize(t,n)}`}catch{}return typeof r==`string`?r:t}),null)}return n}(e,l!==void 0||!(c instanceof xe)),J);if(p!==c)return typeof p==`string`?Ke(p,`\n`,`\n${H(` `,e.indentationLvl)}`):$(e,p,a)}}if(e.seen.includes(t)){var h=1;return e.circular===void 0?(e.circular=new Ie,e.circular.set(t,h)):(h=e.circular.get(t))===void 0&&(h=e.circular.size+1,e.circular.set(t,h)),e.stylize(`[Circular *${h}]`,`special`)}return function(e,t,r,a){var o,s;e.showHidden&&(r<=e.depth||e.depth===null)&&(s=[]);var c=Mn(t,e,r,s);s!==void 0&&s.length===0&&(s=void 0);var l=t[tt];(typeof l!=`string`||l!==``&&(e.showHidden?N:ke)(t,tt))&&(l=``);var f,p,h=``,g=An,b=!0,x=0,D=e.showHidden?ct:lt,k=cn;if(et in t||c===null){if(b=!1,m(t)){var se=c!==`Array`||l!==``?Q(c,l,`Array`,`(${t.length})`):``;if(o=ft(t,D),f=[`${se}[`,`]`],t.length===0&&o.length===0&&s===void 0)return`${f[0]}]`;k=un,g=Yn}else if(Lt(t)){var ue=Re(t),A=Q(c,l,`Set`,`(${ue})`);if(o=Pn(t,e.showHidden),g=O(Zn,null,c===null?ze(t):t),ue===0&&o.length===0&&s===void 0)return`${A}{}`;f=[`${A}{`,`}`]}else if(Mt(t)){var j=le(t),de=Q(c,l,`Map`,`(${j})`);if(o=Pn(t,e.showHidden),g=O(Qn,null,c===null?ce(t):t),j===0&&o.length===0&&s===void 0)return`${de}{}`;f=[`${de}{`,`}`]}else if(Ut(t)){o=ft(t,D);var fe=t,pe=``;c===null&&(pe=rt(t),fe=new d[pe](t));var me=nt(t);if(f=[`${Q(c,l,pe,`(${me})`)}[`,`]`],t.length===0&&o.length===0&&!e.showHidden)return`${f[0]}]`;g=O(Xn,null,fe,me),k=un}else Nt(t)?(o=Pn(t,e.showHidden),f=In(`Map`,l),g=O(ir,null,f)):Rt(t)?(o=Pn(t,e.showHidden),f=In(`Set`,l),g=O(ir,null,f)):b=!0}if(b){if(o=Pn(t,e.showHidden),f=[`{`,`}`],c===`Object`){if(Ot(t)?f[0]=`[Arguments] {`:l!==``&&(f[0]=`${Q(c,l,`Object`)}{`),o.length===0&&s===void 0)return`${f[0]}}`}else if(typeof t==`function`){if(h=function(e,t,n){var r=oe(e);if(Je(r,`class`)&&Ve(r,`}`)){var i=U(r,5,-1),a=V(i,`{`);if(a!==-1&&(!B(U(i,0,a),`(`)||F(_n,I(vn,i))!==null))return function(e,t,n){var r=`class ${N(e,`name`)&&e.name||`(anonymous)`}`;if(t!==`Function`&&t!==null&&(r+=` [${t}]`),n!==``&&t!==n&&(r+=` [${n}]`),t!==null){var i=Ee(e).name;i&&(r+=` extends ${i}`)}else r+=` extends [null prototype]`;return`[${r}]`}(e,t,n)}var o=`Function`;Tt(e)&&(o=`Generator${o}`),wt(e)&&(o=`Async${o}`);var s=`[${o}`;return t===null&&(s+=` (null prototype)`),e.name===``?s+=` (anonymous)`:s+=`: ${e.name}`,s+=`]`,t!==o&&t!==null&&(s+=` ${t}`),n!==``&&t!==n&&(s+=` [${n}]`),s}(t,c,l),o.length===0&&s===void 0)return e.stylize(h,`special`)}else if(Vt(t)){h=Fe(c===null?new P(t):t);var he=Q(c,l,`RegExp`);if(he!==`RegExp `&&(h=`${he}${h}`),o.length===0&&s===void 0||r>e.depth&&e.depth!==null)return e.stylize(h,`regexp`)}else if(Ht(t)){h=ge(re(t))?ae(t):ie(t);var _e=Q(c,l,`Date`);if(_e!==`Date `&&(h=`${_e}${h}`),o.length===0&&s===void 0)return e.stylize(h,`date`)}else if(bt(t)){if(h=function(e,t,r,a,o){var s=e.name==null?`Error`:R(e.name),c=Rn(e);(function(e,t,n,r){if(!e.showHidden&&t.length!==0)for(var i=0,a=[`name`,`message`,`stack`];i<a.length;i++){var o=a[i],s=v(t,o);s!==-1&&B(r,n[o])&&ee(t,s,1)}})(a,o,e,c),!(`cause`in e)||o.length!==0&&_(o,`cause`)||S(o,`cause`),!m(e.errors)||o.length!==0&&_(o,`errors`)||S(o,`errors`),c=function(e,t,n,r){var i=n.length;if(t===null||Ve(n,`Error`)&&Je(e,n)&&(e.length===i||e[i]===`:`||e[i]===`\n`)){var a=`Error`;if(t===null){var o=F(/^([A-Z][a-z_ A-Z0-9[\\]()-]+)(?::|\\n {4}at)/,e)||F(/^([a-z_A-Z0-9-]*Error)$/,e);i=(a=o&&o[1]||``).length,a||=`Error`}var s=U(Q(t,r,a),0,-1);n!==s&&(e=B(s,n)?i===0?`${s}: ${e}`:`${s}${U(e,i)}`:`${s} [${n}]${U(e,i)}`)}return e}(c,t,s,r);var l=e.message&&V(c,e.message)||-1;l!==-1&&(l+=e.message.length);var d,f=V(c,`\n    at`,l);if(f===-1)c=`[${c}]`;else{var p=U(c,0,f),h=function(e,t,n){var r,i=qe(n,`\n`);try{r=t.cause}catch{}if(r!=null&&bt(r)){var a=Rn(r),o=V(a,`\n    at`);if(o!==-1){var s=Ln(i,qe(U(a,o+1),`\n`)),c=s.len,l=s.offset;if(c>0){var u=c-2,d=`    ... ${u} lines matching cause stack trace ...`;i.splice(l+1,u,e.stylize(d,`undefined`))}}}return i}(a,e,U(c,f+1));if(a.colors){var g,b,x=function(){var e;try{e=process.cwd()}catch{return}return e}(),C=i(h);try{for(C.s();!(b=C.n()).done;){var w=b.value,T=F(hn,w);if(T!==null&&Yt.exists(T[1]))p+=`\n${a.stylize(w,`undefined`)}`;else{if(p+=`\n`,w=zn(a,w),x!==void 0){var E=Bn(a,w,x);E===w&&(E=Bn(a,w,g??=(d=x,(u??=n(976)).pathToFileURL(d).href))),w=E}p+=w}}}catch(e){C.e(e)}finally{C.f()}}else p+=`\n${y(h,`\n`)}`;c=p}if(a.indentationLvl!==0){var te=H(` `,a.indentationLvl);c=Ke(c,`\n`,`\n${te}`)}return c}(t,c,l,e,o),o.length===0&&s===void 0)return h}else if(Et(t)){var ve=Q(c,l,Dt(t)?`ArrayBuffer`:`SharedArrayBuffer`);if(a===void 0)g=Jn;else if(o.length===0&&s===void 0)return ve+`{ byteLength: ${Un(e.stylize,t.byteLength,!1)} }`;f[0]=`${ve}{`,E(o,`byteLength`)}else if(At(t))f[0]=`${Q(c,l,`DataView`)}{`,E(o,`byteLength`,`byteOffset`,`buffer`);else if(It(t))f[0]=`${Q(c,l,`Promise`)}{`,g=ar;else if(Bt(t))f[0]=`${Q(c,l,`WeakSet`)}{`,g=e.showHidden?nr:tr;else if(zt(t))f[0]=`${Q(c,l,`WeakMap`)}{`,g=e.showHidden?rr:tr;else if(Pt(t))f[0]=`${Q(c,l,`Module`)}{`,g=Kn.bind(null,o);else if(kt(t)){if(h=function(e,t,n,r,i){var a,o;Gt(e)?(a=be,o=`Number`):Wt(e)?(a=Ze,o=`String`,n.splice(0,e.length)):Kt(e)?(a=ne,o=`Boolean`):qt(e)?(a=te,o=`BigInt`):(a=$e,o=`Symbol`);var s=`[${o}`;return o!==r&&(s+=r===null?` (null prototype)`:` (${r})`),s+=`: ${Gn(kn,a(e),t)}]`,i!==``&&i!==r&&(s+=` [${i}]`),n.length!==0||t.stylize===kn?s:t.stylize(s,Ye(o))}(t,e,o,c,l),o.length===0&&s===void 0)return h}else{if(o.length===0&&s===void 0){if(jt(t)){var ye=_t(t).toString(16);return e.stylize(`[External: ${ye}]`,`special`)}return`${Fn(t,c,l)}{}`}f[0]=`${Fn(t,c,l)}{`}}if(r>e.depth&&e.depth!==null){var xe=U(Fn(t,c,l),0,-1);return c!==null&&(xe=`[${xe}]`),e.stylize(xe,`special`)}r+=1,e.seen.push(t),e.currentDepth=r;var Se=e.indentationLvl;try{for(p=g(e,t,r),x=0;x<o.length;x++)S(p,or(e,t,r,o[x],k));s!==void 0&&C(p,s)}catch(n){return function(e,t,n,r){if(Ct(t))return e.seen.pop(),e.indentationLvl=r,e.stylize(`[${n}: Inspection interrupted prematurely. Maximum call stack size exceeded.]`,`special`);Jt.fail(t.stack)}(e,n,U(Fn(t,c,l),0,-1),Se)}if(e.circular!==void 0){var Ce=e.circular.get(t);if(Ce!==void 0){var M=e.stylize(`<ref *${Ce}>`,`special`);!0===e.compact?f[0]=`${M} ${f[0]}`:h=h===``?M:`${M} ${h}`}}if(e.seen.pop(),e.sorted){var we=!0===e.sorted?void 0:e.sorted;if(k===cn)T(p,we);else if(o.length>1){var Te=T(w(p,p.length-o.length),we);E(Te,p,p.length-o.length,o.length),Me(ee,null,Te)}}var De=cr(e,p,h,f,k,r,t),Oe=(e.budget[e.indentationLvl]||0)+De.length;return e.budget[e.indentationLvl]=Oe,Oe>2**27&&(e.depth=-1),De}(e,t,a,o)}function In(e,t){return t!==`${e} Iterator`&&(t!==``&&(t+=`] [`),t+=`${e} Iterator`),[`[${t}] {`,`}`]}function Ln(e,t){for(var n=0;n<e.length-3;n++){var r=v(t,e[n]);if(r!==-1){var i=t.length-r;if(i>3){for(var a=1,o=j(e.length-n,i);o>a&&e[n+a]===t[r+a];)a++;if(a>3)return{len:a,offset:n}}}}return{len:0,offset:0}}function Rn(e){var t=e.stack?R(e.stack):``;return/^\\s+at /.test(t)?D(e)+`\n`+t.replace(/\\n$/,``):t||D(e)}function zn(e,t){for(var n,r=``,i=0;(n=gn.exec(t))!==null;)r+=U(t,i,n.index+14),r+=e.stylize(n[1],`module`),i=n.index+n[0].length;return i!==0&&(t=r+U(t,i)),t}function Bn(e,t,n){var r=V(t,n),i=``,a=n.length;if(r!==-1){U(t,r-7,r)===`file://`&&(a+=7,r-=7);var o=t[r-1]===`(`?r-1:r,s=o!==r&&Ve(t,`)`)?-1:t.length,c=r+a+1,l=U(t,o,c);i+=U(t,0,o),i+=e.stylize(l,`undefined`),i+=U(t,c,s),s===-1&&(i+=e.stylize(`)`,`undefined`))}else i+=t;return i}function Vn(e){for(var t=``,n=e.length,r=+!!Je(e,`-`);n>=r+4;n-=3)t=`_${U(e,n-3,n)}${t}`;return n===e.length?e:`${U(e,0,n)}${t}`}J.colors={__proto__:null,reset:[0,0],bold:[1,22],dim:[2,22],italic:[3,23],underline:[4,24],blink:[5,25],inverse:[7,27],hidden:[8,28],strikethrough:[9,29],doubleunderline:[21,24],black:[30,Y],red:[31,Y],green:[32,Y],yellow:[33,Y],blue:[34,Y],magenta:[35,Y],cyan:[36,Y],white:[37,Y],bgBlack:[40,X],bgRed:[41,X],bgGreen:[42,X],bgYellow:[43,X],bgBlue:[44,X],bgMagenta:[45,X],bgCyan:[46,X],bgWhite:[47,X],framed:[51,54],overlined:[53,55],gray:[90,Y],redBright:[91,Y],greenBright:[92,Y],yellowBright:[93,Y],blueBright:[94,Y],magentaBright:[95,Y],cyanBright:[96,Y],whiteBright:[97,Y],bgGray:[100,X],bgRedBright:[101,X],bgGreenBright:[102,X],bgYellowBright:[103,X],bgBlueBright:[104,X],bgMagentaBright:[105,X],bgCyanBright:[106,X],bgWhiteBright:[107,X]},Z(`gray`,`grey`),Z(`gray`,`blackBright`),Z(`bgGray`,`bgGrey`),Z(`bgGray`,`bgBlackBright`),Z(`dim`,`faint`),Z(`strikethrough`,`crossedout`),Z(`strikethrough`,`strikeThrough`),Z(`strikethrough`,`crossedOut`),Z(`hidden`,`conceal`),Z(`inverse`,`swapColors`),Z(`inverse`,`swapcolors`),Z(`doubleunderline`,`doubleUnderline`),J.styles=Se({__proto__:null},{special:`cyan`,number:`yellow`,bigint:`yellow`,boolean:`yellow`,undefined:`grey`,null:`bold`,string:`green`,symbol:`green`,date:`magenta`,regexp:`red`,module:`underline`});var Hn=function(e){return`... ${e} more item${e>1?`s`:``}`};function Un(e,t,n){if(!n)return De(t,-0)?e(`-0`,`number`):e(`${t}`,`number`);var r=pe(t),i=R(r);return r===t?!he(t)||B(i,`e`)?e(i,`number`):e(`${Vn(i)}`,`number`):ge(t)?e(i,`number`):e(`${Vn(i)}.${function(e){for(var t=``,n=0;n<e.length-3;n+=3)t+=`${U(e,n,n+3)}_`;return n===0?e:`${t}${U(e,n)}`}(U(R(t),i.length+1))}`,`number`)}function Wn(e,t,n){var r=R(t);return e(`${n?Vn(r):r}n`,`bigint`)}function Gn(e,t,n){if(typeof t==`string`){var r=``;if(t.length>n.maxStringLength){var i=t.length-n.maxStringLength;t=U(t,0,n.maxStringLength),r=`... ${i} more character${i>1?`s`:``}`}return!0!==n.compact&&t.length>yn&&t.length>n.breakLength-n.indentationLvl-4?y(b(an(t),(function(t){return e(Dn(t),`string`)})),` +\n${H(` `,n.indentationLvl+2)}`)+r:e(Dn(t),`string`)+r}return typeof t==`number`?Un(e,t,n.numericSeparator):typeof t==`bigint`?Wn(e,t,n.numericSeparator):typeof t==`boolean`?e(`${t}`,`boolean`):t===void 0?e(`undefined`,`undefined`):e(Qe(t),`symbol`)}function Kn(e,t,n,r){for(var i=new p(e.length),a=0;a<e.length;a++)try{i[a]=or(t,n,r,e[a],cn)}catch(n){Jt(Ft(n)&&n.name===`ReferenceError`);var o=c({},e[a],``);i[a]=or(t,o,r,e[a],cn);var s=He(i[a],` `);i[a]=U(i[a],0,s+1)+t.stylize(`<uninitialized>`,`special`)}return e.length=0,i}function qn(e,t,n,r,i,a){for(var o=Oe(t),s=a;a<o.length&&i.length<r;a++){var c=o[a],l=+c;if(l>2**32-2)break;if(`${s}`!==c){if(F(mn,c)===null)break;var u=l-s,d=`<${u} empty item${u>1?`s`:``}>`;if(S(i,e.stylize(d,`undefined`)),s=l,i.length===r)break}S(i,or(e,t,n,c,ln)),s++}var f=t.length-s;if(i.length!==r){if(f>0){var p=`<${f} empty item${f>1?`s`:``}>`;S(i,e.stylize(p,`undefined`))}}else f>0&&S(i,Hn(f));return i}function Jn(e,t){var r;try{r=new it(t)}catch{return[e.stylize(`(detached)`,`special`)]}l===void 0&&(l=ot(n(765).h.prototype.hexSlice));var i=Xe(I(/(.{2})/g,l(r,0,j(e.maxArrayLength,r.length)),`$1 `)),a=r.length-e.maxArrayLength;return a>0&&(i+=` ... ${a} more byte${a>1?`s`:``}`),[`${e.stylize(`[Uint8Contents]`,`special`)}: <${i}>`]}function Yn(e,t,n){for(var r=t.length,i=j(A(0,e.maxArrayLength),r),a=r-i,o=[],s=0;s<i;s++){if(!N(t,s))return qn(e,t,n,i,o,s);S(o,or(e,t,n,s,ln))}return a>0&&S(o,Hn(a)),o}function Xn(e,t,n,r,i){for(var a=j(A(0,n.maxArrayLength),t),o=e.length-a,s=new p(a),c=e.length>0&&typeof e[0]==`number`?Un:Wn,l=0;l<a;++l)s[l]=c(n.stylize,e[l],n.numericSeparator);if(o>0&&(s[a]=Hn(o)),n.showHidden){n.indentationLvl+=2;for(var u=0,d=[`BYTES_PER_ELEMENT`,`length`,`byteLength`,`byteOffset`,`buffer`];u<d.length;u++){var f=d[u];S(s,`[${f}]: ${$(n,e[f],i,!0)}`)}n.indentationLvl-=2}return s}function Zn(e,t,n,r){var a=e.size,o=j(A(0,t.maxArrayLength),a),s=a-o,c=[];t.indentationLvl+=2;var l,u=0,d=i(e);try{for(d.s();!(l=d.n()).done;){var f=l.value;if(u>=o)break;S(c,$(t,f,r)),u++}}catch(e){d.e(e)}finally{d.f()}return s>0&&S(c,Hn(s)),t.indentationLvl-=2,c}function Qn(e,t,n,r){var a=e.size,o=j(A(0,t.maxArrayLength),a),s=a-o,c=[];t.indentationLvl+=2;var l,u=0,d=i(e);try{for(d.s();!(l=d.n()).done;){var f=l.value,p=f[0],m=f[1];if(u>=o)break;S(c,`${$(t,p,r)} => ${$(t,m,r)}`),u++}}catch(e){d.e(e)}finally{d.f()}return s>0&&S(c,Hn(s)),t.indentationLvl-=2,c}function $n(e,t,n,r){var i=j(A(e.maxArrayLength,0),n.length),a=new p(i);e.indentationLvl+=2;for(var o=0;o<i;o++)a[o]=$(e,n[o],t);e.indentationLvl-=2,r!==bn||e.sorted||T(a);var s=n.length-i;return s>0&&S(a,Hn(s)),a}function er(e,t,n,r){var i=A(e.maxArrayLength,0),a=n.length/2,o=a-i,s=j(i,a),c=new p(s),l=0;if(e.indentationLvl+=2,r===bn){for(;l<s;l++){var u=2*l;c[l]=`${$(e,n[u],t)} => ${$(e,n[u+1],t)}`}e.sorted||T(c)}else for(;l<s;l++){var d=2*l,f=[$(e,n[d],t),$(e,n[d+1],t)];c[l]=cr(e,f,``,[`[`,`]`],un,t)}return e.indentationLvl-=2,o>0&&S(c,Hn(o)),c}function tr(e){return[e.stylize(`<items unknown>`,`special`)]}function nr(e,t,n){return $n(e,n,ht(t),bn)}function rr(e,t,n){return er(e,n,ht(t),bn)}function ir(e,t,n,r){var i=ht(n,!0),a=i[0];return i[1]?(e[0]=I(/ Iterator] {$/,e[0],` Entries] {`),er(t,r,a,Sn)):$n(t,r,a,xn)}function ar(e,t,n){var r,i=pt(t),a=i[0],o=i[1];if(a===ut)r=[e.stylize(`<pending>`,`special`)];else{e.indentationLvl+=2;var s=$(e,o,n);e.indentationLvl-=2,r=[a===dt?`${e.stylize(`<rejected>`,`special`)} ${s}`:s]}return r}function or(e,t,n,i,a,o){var s,c,l=arguments.length>6&&arguments[6]!==void 0?arguments[6]:t,u=` `;if((o=o||M(t,i)||{value:t[i],enumerable:!0}).value!==void 0){var d=!0!==e.compact||a!==cn?2:3;e.indentationLvl+=d,c=$(e,o.value,n),d===3&&e.breakLength<fn(c,e.colors)&&(u=`\n${H(` `,e.indentationLvl)}`),e.indentationLvl-=d}else if(o.get!==void 0){var f=o.set===void 0?`Getter`:`Getter/Setter`,p=e.stylize,m=`special`;if(e.getters&&(!0===e.getters||e.getters===`get`&&o.set===void 0||e.getters===`set`&&o.set!==void 0))try{var h=k(o.get,l);if(e.indentationLvl+=2,h===null)c=`${p(`[${f}:`,m)} ${p(`null`,`null`)}${p(`]`,m)}`;else if(r(h)===`object`)c=`${p(`[${f}]`,m)} ${$(e,h,n)}`;else{var g=Gn(p,h,e);c=`${p(`[${f}:`,m)} ${g}${p(`]`,m)}`}e.indentationLvl-=2}catch(e){var _=`<Inspection threw (${e.message})>`;c=`${p(`[${f}:`,m)} ${_}${p(`]`,m)}`}else c=e.stylize(`[${f}]`,m)}else c=o.set===void 0?e.stylize(`undefined`,`undefined`):e.stylize(`[Setter]`,`special`);if(a===ln)return c;if(r(i)===`symbol`){var v=I(tn,Qe(i),En);s=`[${e.stylize(v,`symbol`)}]`}else s=i===`__proto__`?`['__proto__']`:!1===o.enumerable?`[${I(tn,i,En)}]`:F(pn,i)===null?e.stylize(Dn(i),`string`):e.stylize(i,`name`);return`${s}:${u}${c}`}function sr(e,t,n,r){var i=t.length+n;if(i+t.length>e.breakLength)return!1;for(var a=0;a<t.length;a++)if(e.colors?i+=St(t[a]).length:i+=t[a].length,i>e.breakLength)return!1;return r===``||!B(r,`\n`)}function cr(e,t,n,r,i,a,o){if(!0!==e.compact){if(typeof e.compact==`number`&&e.compact>=1){var s=t.length;if(i===un&&s>6&&(t=function(e,t,n){var r=0,i=0,a=0,o=t.length;e.maxArrayLength<t.length&&o--;for(var s=new p(o);a<o;a++){var c=fn(t[a],e.colors);s[a]=c,r+=c+2,i<c&&(i=c)}var l=i+2;if(3*l+e.indentationLvl<e.breakLength&&(r/l>5||i<=6)){var u=fe(l-r/t.length),d=A(l-3-u,1),f=j(de(fe(2.5*d*o)/d),ue((e.breakLength-e.indentationLvl)/l),4*e.compact,15);if(f<=1)return t;for(var m=[],h=[],g=0;g<f;g++){for(var _=0,v=g;v<t.length;v+=f)s[v]>_&&(_=s[v]);_+=2,h[g]=_}var y=Ge;if(n!==void 0){for(var b=0;b<t.length;b++)if(typeof n[b]!=`number`&&typeof n[b]!=`bigint`){y=We;break}}for(var x=0;x<o;x+=f){for(var C=j(x+f,o),w=``,T=x;T<C-1;T++){var ee=h[T-x]+t[T].length-s[T];w+=y(`${t[T]}, `,ee,` `)}if(y===Ge){var E=h[T-x]+t[T].length-s[T]-2;w+=Ge(t[T],E,` `)}else w+=t[T];S(m,w)}e.maxArrayLength<t.length&&S(m,t[o]),t=m}return t}(e,t,o)),e.currentDepth-a<e.compact&&s===t.length&&sr(e,t,t.length+e.indentationLvl+r[0].length+n.length+10,n)){var c=xt(t,`, `);if(!B(c,`\n`))return`${n?`${n} `:``}${r[0]} ${c} ${r[1]}`}}var l=`\n${H(` `,e.indentationLvl)}`;return`${n?`${n} `:``}${r[0]}${l}  ${xt(t,`,${l}  `)}${l}${r[1]}`}if(sr(e,t,0,n))return`${r[0]}${n?` ${n}`:``} ${xt(t,`, `)} `+r[1];var u=H(` `,e.indentationLvl),d=n===``&&r[0].length===1?` `:`${n?` ${n}`:``}\n${u}  `;return`${r[0]}${d}${xt(t,`,\n${u}  `)} ${r[1]}`}function lr(e){var t=mt(e,!1);if(t!==void 0){if(t===null)return!0;e=t}if(typeof e.toString!=`function`)return!0;if(N(e,`toString`))return!1;var n=e;do n=Ee(n);while(!N(n,`toString`));var r=M(n,`constructor`);return r!==void 0&&typeof r.value==`function`&&on.has(r.value.name)}var ur,dr=function(e){return qe(e.message,`\n`,1)[0]};function fr(e){try{return se(e)}catch(e){if(!ur)try{var t={};t.a=t,se(t)}catch(e){ur=dr(e)}if(e.name===`TypeError`&&dr(e)===ur)return`[Circular]`;throw e}}function pr(e,t){return Un(kn,e,t?.numericSeparator??q.numericSeparator)}function mr(e,t){return Wn(kn,e,t?.numericSeparator??q.numericSeparator)}function hr(e,t){var n=t[0],i=0,a=``,o=``;if(typeof n==`string`){if(t.length===1)return n;for(var c,l=0,u=0;u<n.length-1;u++)if(z(n,u)===37){var d=z(n,++u);if(i+1!==t.length){switch(d){case 115:var f=t[++i];c=typeof f==`number`?pr(f,e):typeof f==`bigint`?mr(f,e):r(f)===`object`&&f!==null&&lr(f)?J(f,s(s({},e),{},{compact:3,colors:!1,depth:0})):R(f);break;case 106:c=fr(t[++i]);break;case 100:var p=t[++i];c=typeof p==`bigint`?mr(p,e):r(p)===`symbol`?`NaN`:pr(me(p),e);break;case 79:c=J(t[++i],e);break;case 111:c=J(t[++i],s(s({},e),{},{showHidden:!0,showProxy:!0,depth:4}));break;case 105:var m=t[++i];c=typeof m==`bigint`?mr(m,e):r(m)===`symbol`?`NaN`:pr(ve(m),e);break;case 102:var h=t[++i];c=r(h)===`symbol`?`NaN`:pr(_e(h),e);break;case 99:i+=1,c=``;break;case 37:a+=U(n,l,u),l=u+1;continue;default:continue}l!==u-1&&(a+=U(n,l,u-1)),a+=c,l=u+1}else d===37&&(a+=U(n,l,u),l=u+1)}l!==0&&(i++,o=` `,l<n.length&&(a+=U(n,l)))}for(;i<t.length;){var g=t[i];a+=o,a+=typeof g==`string`?g:J(g,e),o=` `,i++}return a}function gr(e){return e<=31||e>=127&&e<=159||e>=768&&e<=879||e>=8203&&e<=8207||e>=8400&&e<=8447||e>=65024&&e<=65039||e>=65056&&e<=65071||e>=917760&&e<=917999}if(f(`config`).hasIntl)Jt(!1);else{fn=function(e){var t=0;(!(arguments.length>1&&arguments[1]!==void 0)||arguments[1])&&(e=vr(e)),e=Ue(e,`NFC`);var n,r=i(new L(e));try{for(r.s();!(n=r.n()).done;){var a=n.value,o=Be(a,0);_r(o)?t+=2:gr(o)||t++}}catch(e){r.e(e)}finally{r.f()}return t};var _r=function(e){return e>=4352&&(e<=4447||e===9001||e===9002||e>=11904&&e<=12871&&e!==12351||e>=12880&&e<=19903||e>=19968&&e<=42182||e>=43360&&e<=43388||e>=44032&&e<=55203||e>=63744&&e<=64255||e>=65040&&e<=65049||e>=65072&&e<=65131||e>=65281&&e<=65376||e>=65504&&e<=65510||e>=110592&&e<=110593||e>=127488&&e<=127569||e>=127744&&e<=128591||e>=131072&&e<=262141)}}function vr(e){return Qt(e,`str`),I(wn,e,``)}var yr={34:`&quot;`,38:`&amp;`,39:`&apos;`,60:`&lt;`,62:`&gt;`,160:`&nbsp;`};function br(e){return e.replace(/[\\u0000-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u00FF]/g,(function(e){var t=R(e.charCodeAt(0));return yr[t]||`&#`+t+`;`}))}e.exports={identicalSequenceRange:Ln,inspect:J,inspectDefaultOptions:q,format:function(){return hr(void 0,[...arguments])},formatWithOptions:function(e){return Zt(e,`inspectOptions`,$t),hr(e,[...arguments].slice(1))},getStringWidth:fn,stripVTControlCharacters:vr,isZeroWidthCodePoint:gr,stylizeWithColor:On,stylizeWithHTML:function(e,t){var n=J.styles[t];return n===void 0?br(e):`<span style=\"color:${n};\">${br(e)}</span>`},Proxy:vt}},783:e=>{function t(e){if(!e)throw Error(`Assertion failed`)}t.fail=function(e){throw Error(e)},e.exports=t},111:(e,t)=>{var n=`_http_agent._http_client._http_common._http_incoming._http_outgoing._http_server._stream_duplex._stream_passthrough._stream_readable._stream_transform._stream_wrap._stream_writable._tls_common._tls_wrap.assert.assert/strict.async_hooks.buffer.child_process.cluster.console.constants.crypto.dgram.diagnostics_channel.dns.dns/promises.domain.events.fs.fs/promises.http.http2.https.inspector.module.Module.net.os.path.path/posix.path/win32.perf_hooks.process.punycode.querystring.readline.readline/promises.repl.stream.stream/consumers.stream/promises.stream/web.string_decoder.sys.timers.timers/promises.tls.trace_events.tty.url.util.util/types.v8.vm.wasi.worker_threads.zlib`.split(`.`);t.BuiltinModule={exists:function(e){return e.startsWith(`internal/`)||n.indexOf(e)!==-1}}},840:e=>{e.exports={CHAR_DOT:46,CHAR_FORWARD_SLASH:47,CHAR_BACKWARD_SLASH:92}},638:(e,t,n)=>{function r(e){return r=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},r(e)}function i(e,t){(t==null||t>e.length)&&(t=e.length);for(var n=0,r=Array(t);n<t;n++)r[n]=e[n];return r}var a,o,s=n(951),c=s.ArrayIsArray,l=s.ArrayPrototypeIncludes,u=s.ArrayPrototypeIndexOf,d=s.ArrayPrototypeJoin,f=s.ArrayPrototypePop,p=s.ArrayPrototypePush,m=s.ArrayPrototypeSplice,h=s.ErrorCaptureStackTrace,g=s.ObjectDefineProperty,_=s.ReflectApply,v=s.RegExpPrototypeTest,y=s.SafeMap,b=s.StringPrototypeEndsWith,x=s.StringPrototypeIncludes,S=s.StringPrototypeSlice,C=s.StringPrototypeToLowerCase,w=new y,T={},ee=/^([A-Z][a-z0-9]*)+$/,E=[`string`,`function`,`number`,`object`,`Function`,`Object`,`boolean`,`bigint`,`symbol`],te=null;function ne(){return te||=n(339),te}var re=ie((function(e,t,n){(e=le(e)).name=`${t} [${n}]`,e.stack,delete e.name}));function ie(e){return g(e,`name`,{value:`__node_internal_`+e.name}),e}var ae,D,O,k,oe,se,ce,le=ie((function(e){return a=Error.stackTraceLimit,Error.stackTraceLimit=1/0,h(e),Error.stackTraceLimit=a,e}));e.exports={codes:T,hideStackFrames:ie,isStackOverflowError:function(e){if(D===void 0)try{(function e(){e()})()}catch(e){D=e.message,ae=e.name}return e&&e.name===ae&&e.message===D}},O=`ERR_INVALID_ARG_TYPE`,k=function(e,t,n){o(typeof e==`string`,`'name' must be a string`),c(t)||(t=[t]);var a=`The `;if(b(e,` argument`))a+=`${e} `;else{var s=x(e,`.`)?`property`:`argument`;a+=`\"${e}\" ${s} `}a+=`must be `;var h,g=[],_=[],y=[],w=function(e,t){var n=typeof Symbol<`u`&&e[Symbol.iterator]||e[`@@iterator`];if(!n){if(Array.isArray(e)||(n=function(e,t){if(e){if(typeof e==`string`)return i(e,t);var n=Object.prototype.toString.call(e).slice(8,-1);return n===`Object`&&e.constructor&&(n=e.constructor.name),n===`Map`||n===`Set`?Array.from(e):n===`Arguments`||/^(?:Ui|I)nt(?:8|16|32)(?:Clamped)?Array$/.test(n)?i(e,t):void 0}}(e))||t&&e&&typeof e.length==`number`){n&&(e=n);var r=0,a=function(){};return{s:a,n:function(){return r>=e.length?{done:!0}:{done:!1,value:e[r++]}},e:function(e){throw e},f:a}}throw TypeError(`Invalid attempt to iterate non-iterable instance.\nIn order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}var o,s=!0,c=!1;return{s:function(){n=n.call(e)},n:function(){var e=n.next();return s=e.done,e},e:function(e){c=!0,o=e},f:function(){try{s||n.return==null||n.return()}finally{if(c)throw o}}}}(t);try{for(w.s();!(h=w.n()).done;){var T=h.value;o(typeof T==`string`,`All expected entries have to be of type string`),l(E,T)?p(g,C(T)):v(ee,T)?p(_,T):(o(T!==`object`,`The value \"object\" should be written as \"Object\"`),p(y,T))}}catch(e){w.e(e)}finally{w.f()}if(_.length>0){var te=u(g,`object`);te!==-1&&(m(g,te,1),p(_,`Object`))}if(g.length>0){if(g.length>2){var re=f(g);a+=`one of type ${d(g,`, `)}, or ${re}`}else a+=g.length===2?`one of type ${g[0]} or ${g[1]}`:`of type ${g[0]}`;(_.length>0||y.length>0)&&(a+=` or `)}if(_.length>0){if(_.length>2){var ie=f(_);a+=`an instance of ${d(_,`, `)}, or ${ie}`}else a+=`an instance of ${_[0]}`,_.length===2&&(a+=` or ${_[1]}`);y.length>0&&(a+=` or `)}if(y.length>0){if(y.length>2){var ae=f(y);a+=`one of ${d(y,`, `)}, or ${ae}`}else y.length===2?a+=`one of ${y[0]} or ${y[1]}`:(C(y[0])!==y[0]&&(a+=`an `),a+=`${y[0]}`)}if(n==null)a+=`. Received ${n}`;else if(typeof n==`function`&&n.name)a+=`. Received function ${n.name}`;else if(r(n)===`object`){if(n.constructor&&n.constructor.name)a+=`. Received an instance of ${n.constructor.name}`;else{var D=ne().inspect(n,{depth:-1});a+=`. Received ${D}`}}else{var O=ne().inspect(n,{colors:!1});O.length>25&&(O=`${S(O,0,25)}...`),a+=`. Received type ${r(n)} (${O})`}return a},oe=TypeError,w.set(O,k),T[O]=(se=oe,ce=O,function(){var e=Error.stackTraceLimit;Error.stackTraceLimit=0;var t=new se;return Error.stackTraceLimit=e,g(t,`message`,{value:function(e,t,r){var i=w.get(e);return o===void 0&&(o=n(783)),o(typeof i==`function`),o(i.length<=t.length,`Code: ${e}; The provided arguments length (${t.length}) does not match the required ones (${i.length}).`),_(i,r,t)}(ce,[...arguments],t),enumerable:!1,writable:!0,configurable:!0}),g(t,`toString`,{value:function(){return`${this.name} [${ce}]: ${this.message}`},enumerable:!1,writable:!0,configurable:!0}),re(t,se.name,ce),t.code=ce,t})},976:(e,t,n)=>{var r=n(951),i=r.StringPrototypeCharCodeAt,a=r.StringPrototypeIncludes,o=r.StringPrototypeReplace,s=n(840).CHAR_FORWARD_SLASH,c=n(948),l=/%/g,u=/\\\\/g,d=/\\n/g,f=/\\r/g,p=/\\t/g;e.exports={pathToFileURL:function(e){var t=new URL(`file://`),n=c.resolve(e);return i(e,e.length-1)===s&&n[n.length-1]!==c.sep&&(n+=`/`),t.pathname=function(e){return a(e,`%`)&&(e=o(e,l,`%25`)),a(e,`\\\\`)&&(e=o(e,u,`%5C`)),a(e,`\n`)&&(e=o(e,d,`%0A`)),a(e,`\\r`)&&(e=o(e,f,`%0D`)),a(e,`	`)&&(e=o(e,p,`%09`)),e}(n),t}}},641:e=>{var t=/\\u001b\\[\\d\\d?m/g;e.exports={customInspectSymbol:Symbol.for(`nodejs.util.inspect.custom`),isError:function(e){return e instanceof Error},join:Array.prototype.join.call.bind(Array.prototype.join),removeColors:function(e){return String.prototype.replace.call(e,t,``)}}},567:(e,t,n)=>{function r(e){return r=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},r(e)}var i=n(763).getConstructorName;function a(e){for(var t=[...arguments].slice(1),n=0,a=t;n<a.length;n++){var o=a[n],s=globalThis[o];if(s&&e instanceof s)return!0}for(;e;){if(r(e)!==`object`)return!1;if(t.indexOf(i(e))>=0)return!0;e=Object.getPrototypeOf(e)}return!1}function o(e){return function(t){if(!a(t,e.name))return!1;try{e.prototype.valueOf.call(t)}catch{return!1}return!0}}(typeof globalThis>`u`?`undefined`:r(globalThis))!==`object`&&(Object.defineProperty(Object.prototype,\"__magic__\",{get:function(){return this},configurable:!0}),__magic__.globalThis=__magic__,delete Object.prototype.__magic__);var s=o(String),c=o(Number),l=o(Boolean),u=o(BigInt),d=o(Symbol);e.exports={isAsyncFunction:function(e){return typeof e==`function`&&Function.prototype.toString.call(e).startsWith(`async`)},isGeneratorFunction:function(e){return typeof e==`function`&&Function.prototype.toString.call(e).match(/^(async\\s+)?function *\\*/)},isAnyArrayBuffer:function(e){return a(e,`ArrayBuffer`,`SharedArrayBuffer`)},isArrayBuffer:function(e){return a(e,`ArrayBuffer`)},isArgumentsObject:function(e){if(e!==null&&r(e)===`object`&&!Array.isArray(e)&&typeof e.length==`number`&&e.length===(0|e.length)&&e.length>=0){var t=Object.getOwnPropertyDescriptor(e,`callee`);return t&&!t.enumerable}return!1},isBoxedPrimitive:function(e){return c(e)||s(e)||l(e)||u(e)||d(e)},isDataView:function(e){return a(e,`DataView`)},isExternal:function(e){return r(e)===`object`&&Object.isFrozen(e)&&Object.getPrototypeOf(e)==null},isMap:function(e){if(!a(e,`Map`))return!1;try{e.has()}catch{return!1}return!0},isMapIterator:function(e){return Object.prototype.toString.call(Object.getPrototypeOf(e))===`[object Map Iterator]`},isModuleNamespaceObject:function(e){return e&&r(e)===`object`&&e[Symbol.toStringTag]===`Module`},isNativeError:function(e){return e instanceof Error&&a(e,`Error`,`EvalError`,`RangeError`,`ReferenceError`,`SyntaxError`,`TypeError`,`URIError`,`AggregateError`)},isPromise:function(e){return a(e,`Promise`)},isSet:function(e){if(!a(e,`Set`))return!1;try{e.has()}catch{return!1}return!0},isSetIterator:function(e){return Object.prototype.toString.call(Object.getPrototypeOf(e))===`[object Set Iterator]`},isWeakMap:function(e){return a(e,`WeakMap`)},isWeakSet:function(e){return a(e,`WeakSet`)},isRegExp:function(e){return a(e,`RegExp`)},isDate:function(e){if(a(e,`Date`))try{return Date.prototype.getTime.call(e),!0}catch{}return!1},isTypedArray:function(e){return a(e,`Int8Array`,`Uint8Array`,`Uint8ClampedArray`,`Int16Array`,`Uint16Array`,`Int32Array`,`Uint32Array`,`Float32Array`,`Float64Array`,`BigInt64Array`,`BigUint64Array`)},isStringObject:s,isNumberObject:c,isBooleanObject:l,isBigIntObject:u,isSymbolObject:d}},322:(e,t,n)=>{function r(e){return r=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},r(e)}var i=n(951).ArrayIsArray,a=n(638),o=a.hideStackFrames,s=a.codes.ERR_INVALID_ARG_TYPE;e.exports={kValidateObjectNone:0,kValidateObjectAllowNullable:1,kValidateObjectAllowArray:2,kValidateObjectAllowFunction:4,validateObject:o((function(e,t){var n=arguments.length>2&&arguments[2]!==void 0?arguments[2]:0;if(n===0){if(e===null||i(e)||r(e)!==`object`)throw new s(t,`Object`,e)}else{if(!(1&n)&&e===null||!(2&n)&&i(e))throw new s(t,`Object`,e);var a=!(4&n),o=r(e);if(o!==`object`&&(a||o!==`function`))throw new s(t,`Object`,e)}})),validateString:function(e,t){if(typeof e!=`string`)throw new s(t,`string`,e)}}},948:(e,t,n)=>{var r=n(951),i=r.StringPrototypeCharCodeAt,a=r.StringPrototypeLastIndexOf,o=r.StringPrototypeSlice,s=n(840),c=s.CHAR_DOT,l=s.CHAR_FORWARD_SLASH,u=n(322).validateString;function d(e){return e===l}e.exports={resolve:function(){for(var e=``,t=!1,n=arguments.length-1;n>=-1&&!t;n--){var r=n>=0?n<0||arguments.length<=n?void 0:arguments[n]:`/`;u(r,`path`),r.length!==0&&(e=`${r}/${e}`,t=i(r,0)===l)}return e=function(e,t,n,r){for(var s=``,u=0,d=-1,f=0,p=0,m=0;m<=e.length;++m){if(m<e.length)p=i(e,m);else{if(r(p))break;p=l}if(r(p)){if(d!==m-1&&f!==1){if(f===2){if(s.length<2||u!==2||i(s,s.length-1)!==c||i(s,s.length-2)!==c){if(s.length>2){var h=a(s,n);h===-1?(s=``,u=0):u=(s=o(s,0,h)).length-1-a(s,n),d=m,f=0;continue}if(s.length!==0){s=``,u=0,d=m,f=0;continue}}t&&(s+=s.length>0?`${n}..`:`..`,u=2)}else s.length>0?s+=`${n}${o(e,d+1,m)}`:s=o(e,d+1,m),u=m-d-1}d=m,f=0}else p===c&&f!==-1?++f:f=-1}return s}(e,!t,`/`,d),t?`/${e}`:e.length>0?e:`.`}}},951:(e,t,n)=>{function r(e){return r=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},r(e)}function i(e,t,n){return t=l(t),function(e,t){if(t&&(r(t)===`object`||typeof t==`function`))return t;if(t!==void 0)throw TypeError(`Derived constructors may only return object or undefined`);return function(e){if(e===void 0)throw ReferenceError(`this hasn't been initialised - super() hasn't been called`);return e}(e)}(e,s()?Reflect.construct(t,n||[],l(e).constructor):t.apply(e,n))}function a(e,t){if(typeof t!=`function`&&t!==null)throw TypeError(`Super expression must either be null or a function`);e.prototype=Object.create(t&&t.prototype,{constructor:{value:e,writable:!0,configurable:!0}}),Object.defineProperty(e,\"prototype\",{writable:!1}),t&&c(e,t)}function o(e){var t=typeof Map==`function`?new Map:void 0;return o=function(e){if(e===null||!function(e){try{return Function.toString.call(e).indexOf(`[native code]`)!==-1}catch{return typeof e==`function`}}(e))return e;if(typeof e!=`function`)throw TypeError(`Super expression must either be null or a function`);if(t!==void 0){if(t.has(e))return t.get(e);t.set(e,n)}function n(){return function(e,t,n){if(s())return Reflect.construct.apply(null,arguments);var r=[null];r.push.apply(r,t);var i=new(e.bind.apply(e,r));return n&&c(i,n.prototype),i}(e,arguments,l(this).constructor)}return n.prototype=Object.create(e.prototype,{constructor:{value:n,enumerable:!1,writable:!0,configurable:!0}}),c(n,e)},o(e)}function s(){try{var e=!Boolean.prototype.valueOf.call(Reflect.construct(Boolean,[],(function(){})))}catch{}return(s=function(){return!!e})()}function c(e,t){return c=Object.setPrototypeOf?Object.setPrototypeOf.bind():function(e,t){return e.__proto__=t,e},c(e,t)}function l(e){return l=Object.setPrototypeOf?Object.getPrototypeOf.bind():function(e){return e.__proto__||Object.getPrototypeOf(e)},l(e)}function u(e,t){if(!(e instanceof t))throw TypeError(`Cannot call a class as a function`)}function d(e,t){for(var n=0;n<t.length;n++){var r=t[n];r.enumerable=r.enumerable||!1,r.configurable=!0,`value`in r&&(r.writable=!0),Object.defineProperty(e,p(r.key),r)}}function f(e,t,n){return t&&d(e.prototype,t),n&&d(e,n),Object.defineProperty(e,\"prototype\",{writable:!1}),e}function p(e){var t=function(e,t){if(r(e)!=`object`||!e)return e;var n=e[Symbol.toPrimitive];if(n!==void 0){var i=n.call(e,`string`);if(r(i)!=`object`)return i;throw TypeError(`@@toPrimitive must return a primitive value.`)}return String(e)}(e);return r(t)==`symbol`?t:t+``}var m=function(e,t){var n=function(){return f((function t(n){u(this,t),this._iterator=e(n)}),[{key:`next`,value:function(){return t(this._iterator)}},{key:Symbol.iterator,value:function(){return this}}])}();return Object.setPrototypeOf(n.prototype,null),Object.freeze(n.prototype),Object.freeze(n),n};function h(e,t){return Function.prototype.call.bind(e.prototype.__lookupGetter__(t))}function g(e){return Function.prototype.call.bind(e)}var _=function(e,t){Array.prototype.forEach.call(Reflect.ownKeys(e),(function(n){Reflect.getOwnPropertyDescriptor(t,n)||Reflect.defineProperty(t,n,Reflect.getOwnPropertyDescriptor(e,n))}))},v=function(e,t){if(Symbol.iterator in e.prototype){var n,r=new e;Array.prototype.forEach.call(Reflect.ownKeys(e.prototype),(function(i){if(!Reflect.getOwnPropertyDescriptor(t.prototype,i)){var a=Reflect.getOwnPropertyDescriptor(e.prototype,i);if(typeof a.value==`function`&&a.value.length===0&&Symbol.iterator in(Function.prototype.call.call(a.value,r)||{})){var o=g(a.value);n??=g(o(r).next);var s=m(o,n);a.value=function(){return new s(this)}}Reflect.defineProperty(t.prototype,i,a)}}))}else _(e.prototype,t.prototype);return _(e,t),Object.setPrototypeOf(t.prototype,null),Object.freeze(t.prototype),Object.freeze(t),t},y=Function.prototype.call.bind(String.prototype[Symbol.iterator]),b=Reflect.getPrototypeOf(y(``));if(e.exports={makeSafe:v,internalBinding:function(e){if(e===`config`)return{hasIntl:!1};throw Error(`unknown module: \"${e}\"`)},Array,ArrayIsArray:Array.isArray,ArrayPrototypeFilter:Function.prototype.call.bind(Array.prototype.filter),ArrayPrototypeForEach:Function.prototype.call.bind(Array.prototype.forEach),ArrayPrototypeIncludes:Function.prototype.call.bind(Array.prototype.includes),ArrayPrototypeIndexOf:Function.prototype.call.bind(Array.prototype.indexOf),ArrayPrototypeJoin:Function.prototype.call.bind(Array.prototype.join),ArrayPrototypeMap:Function.prototype.call.bind(Array.prototype.map),ArrayPrototypePop:Function.prototype.call.bind(Array.prototype.pop),ArrayPrototypePush:Function.prototype.call.bind(Array.prototype.push),ArrayPrototypePushApply:Function.apply.bind(Array.prototype.push),ArrayPrototypeSlice:Function.prototype.call.bind(Array.prototype.slice),ArrayPrototypeSort:Function.prototype.call.bind(Array.prototype.sort),ArrayPrototypeSplice:Function.prototype.call.bind(Array.prototype.splice),ArrayPrototypeUnshift:Function.prototype.call.bind(Array.prototype.unshift),BigIntPrototypeValueOf:Function.prototype.call.bind(BigInt.prototype.valueOf),BooleanPrototypeValueOf:Function.prototype.call.bind(Boolean.prototype.valueOf),DatePrototypeGetTime:Function.prototype.call.bind(Date.prototype.getTime),DatePrototypeToISOString:Function.prototype.call.bind(Date.prototype.toISOString),DatePrototypeToString:Function.prototype.call.bind(Date.prototype.toString),ErrorCaptureStackTrace:function(e){e.stack=Error().stack.replace(/.*\\n.*/,`$1`)},ErrorPrototypeToString:Function.prototype.call.bind(Error.prototype.toString),FunctionPrototypeBind:Function.prototype.call.bind(Function.prototype.bind),FunctionPrototypeCall:Function.prototype.call.bind(Function.prototype.call),FunctionPrototypeToString:Function.prototype.call.bind(Function.prototype.toString),globalThis:typeof globalThis>`u`?n.g:globalThis,JSONStringify:JSON.stringify,MapPrototypeGetSize:h(Map,`size`),MapPrototypeEntries:Function.prototype.call.bind(Map.prototype.entries),MathFloor:Math.floor,MathMax:Math.max,MathMin:Math.min,MathRound:Math.round,MathSqrt:Math.sqrt,MathTrunc:Math.trunc,Number,NumberIsFinite:Number.isFinite,NumberIsNaN:Number.isNaN,NumberParseFloat:Number.parseFloat,NumberParseInt:Number.parseInt,NumberPrototypeToString:Function.prototype.call.bind(Number.prototype.toString),NumberPrototypeValueOf:Function.prototype.call.bind(Number.prototype.valueOf),Object,ObjectAssign:Object.assign,ObjectCreate:Object.create,ObjectDefineProperty:Object.defineProperty,ObjectGetOwnPropertyDescriptor:Object.getOwnPropertyDescriptor,ObjectGetOwnPropertyNames:Object.getOwnPropertyNames,ObjectGetOwnPropertySymbols:Object.getOwnPropertySymbols,ObjectGetPrototypeOf:Object.getPrototypeOf,ObjectIs:Object.is,ObjectKeys:Object.keys,ObjectPrototypeHasOwnProperty:Function.prototype.call.bind(Object.prototype.hasOwnProperty),ObjectPrototypePropertyIsEnumerable:Function.prototype.call.bind(Object.prototype.propertyIsEnumerable),ObjectSeal:Object.seal,ObjectSetPrototypeOf:Object.setPrototypeOf,ReflectApply:Reflect.apply,ReflectOwnKeys:Reflect.ownKeys,RegExp,RegExpPrototypeExec:Function.prototype.call.bind(RegExp.prototype.exec),RegExpPrototypeSymbolReplace:Function.prototype.call.bind(RegExp.prototype[Symbol.replace]),RegExpPrototypeSymbolSplit:Function.prototype.call.bind(RegExp.prototype[Symbol.split]),RegExpPrototypeTest:Function.prototype.call.bind(RegExp.prototype.test),RegExpPrototypeToString:Function.prototype.call.bind(RegExp.prototype.toString),SafeStringIterator:m(y,Function.prototype.call.bind(b.next)),SafeMap:v(Map,function(e){function t(e){return u(this,t),i(this,t,[e])}return a(t,e),f(t)}(o(Map))),SafeSet:v(Set,function(e){function t(e){return u(this,t),i(this,t,[e])}return a(t,e),f(t)}(o(Set))),SetPrototypeGetSize:h(Set,`size`),SetPrototypeValues:Function.prototype.call.bind(Set.prototype.values),String,StringPrototypeCharCodeAt:Function.prototype.call.bind(String.prototype.charCodeAt),StringPrototypeCodePointAt:Function.prototype.call.bind(String.prototype.codePointAt),StringPrototypeEndsWith:Function.prototype.call.bind(String.prototype.endsWith),StringPrototypeIncludes:Function.prototype.call.bind(String.prototype.includes),StringPrototypeIndexOf:Function.prototype.call.bind(String.prototype.indexOf),StringPrototypeLastIndexOf:Function.prototype.call.bind(String.prototype.lastIndexOf),StringPrototypeNormalize:Function.prototype.call.bind(String.prototype.normalize),StringPrototypePadEnd:Function.prototype.call.bind(String.prototype.padEnd),StringPrototypePadStart:Function.prototype.call.bind(String.prototype.padStart),StringPrototypeRepeat:Function.prototype.call.bind(String.prototype.repeat),StringPrototypeReplace:Function.prototype.call.bind(String.prototype.replace),StringPrototypeReplaceAll:Function.prototype.call.bind(String.prototype.replaceAll),StringPrototypeSlice:Function.prototype.call.bind(String.prototype.slice),StringPrototypeSplit:Function.prototype.call.bind(String.prototype.split),StringPrototypeStartsWith:Function.prototype.call.bind(String.prototype.startsWith),StringPrototypeToLowerCase:Function.prototype.call.bind(String.prototype.toLowerCase),StringPrototypeTrim:Function.prototype.call.bind(String.prototype.trim),StringPrototypeValueOf:Function.prototype.call.bind(String.prototype.valueOf),SymbolPrototypeToString:Function.prototype.call.bind(Symbol.prototype.toString),SymbolPrototypeValueOf:Function.prototype.call.bind(Symbol.prototype.valueOf),SymbolIterator:Symbol.iterator,SymbolFor:Symbol.for,SymbolToStringTag:Symbol.toStringTag,TypedArrayPrototypeGetLength:function(e){return e.constructor.prototype.__lookupGetter__(`length`).call(e)},Uint8Array,uncurryThis:g},!String.prototype.replaceAll){var x=function(e){if(e==null)throw TypeError(`Can't call method on `+e);return e},S=function(e,t,n,r,i,a){var o=n+e.length,s=r.length,c=/\\$([$&'`]|\\d{1,2})/;return i!==void 0&&(i=Object(x(i)),c=/\\$([$&'`]|\\d{1,2}|<[^>]*>)/g),a.replace(c,(function(a,c){var l;switch(c.charAt(0)){case`$`:return`$`;case`&`:return e;case\"`\":return t.slice(0,n);case`'`:return t.slice(o);case`<`:l=i[c.slice(1,-1)];break;default:var u=+c;if(u===0)return a;if(u>s){var d=Math.floor(u/10);return d===0?a:d<=s?r[d-1]===void 0?c.charAt(1):r[d-1]+c.charAt(1):a}l=r[u-1]}return l===void 0?``:l}))};e.exports.StringPrototypeReplaceAll=function(e,t,n){var r,i,a=x(e),o=0,s=0,c=``;if(t!=null){if(t instanceof RegExp&&!~t.flags.indexOf(`g`))throw TypeError(\"`.replaceAll` does not allow non-global regexes\");if(r=t[Symbol.replace])return r.call(t,a,n)}var l=String(a),u=String(t),d=typeof n==`function`;d||(n=String(n));var f=u.length,p=Math.max(1,f);for(o=l.indexOf(u,0);o!==-1;)i=d?String(n(u,o,l)):S(u,l,o,[],void 0,n),c+=l.slice(s,o)+i,s=o+f,o=l.indexOf(u,o+p);return s<l.length&&(c+=l.slice(s)),c}}},975:e=>{function t(e){return t=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},t(e)}function n(e,t){for(var n=0;n<t.length;n++){var r=t[n];r.enumerable=r.enumerable||!1,r.configurable=!0,`value`in r&&(r.writable=!0),Object.defineProperty(e,i(r.key),r)}}function i(e){var n=function(e,n){if(t(e)!=`object`||!e)return e;var r=e[Symbol.toPrimitive];if(r!==void 0){var i=r.call(e,`string`);if(t(i)!=`object`)return i;throw TypeError(`@@toPrimitive must return a primitive value.`)}return String(e)}(e);return t(n)==`symbol`?n:n+``}var a=new WeakMap,o=function(){return e=function e(t,n){(function(e,t){if(!(e instanceof t))throw TypeError(`Cannot call a class as a function`)})(this,e);var i=new r(t,n);return a.set(i,[t,n]),i},t=[{key:`getProxyDetails`,value:function(e){var t=!(arguments.length>1&&arguments[1]!==void 0)||arguments[1],n=a.get(e);if(n)return t?n:n[0]}},{key:`revocable`,value:function(e,t){var n=r.revocable(e,t);a.set(n.proxy,[e,t]);var i=n.revoke;return n.revoke=function(){a.set(n.proxy,[null,null]),i()},n}}],t&&n(e,t),Object.defineProperty(e,\"prototype\",{writable:!1}),e;var e,t}();e.exports={getProxyDetails:o.getProxyDetails.bind(o),Proxy:o}},763:(e,t,n)=>{function r(e){return r=typeof Symbol==`function`&&typeof Symbol.iterator==`symbol`?function(e){return typeof e}:function(e){return e&&typeof Symbol==`function`&&e.constructor===Symbol&&e!==Symbol.prototype?`symbol`:typeof e},r(e)}function i(e,t){if(e){if(typeof e==`string`)return a(e,t);var n=Object.prototype.toString.call(e).slice(8,-1);return n===`Object`&&e.constructor&&(n=e.constructor.name),n===`Map`||n===`Set`?Array.from(e):n===`Arguments`||/^(?:Ui|I)nt(?:8|16|32)(?:Clamped)?Array$/.test(n)?a(e,t):void 0}}function a(e,t){(t==null||t>e.length)&&(t=e.length);for(var n=0,r=Array(t);n<t;n++)r[n]=e[n];return r}var o=n(975),s=Symbol(`kPending`);e.exports={constants:{kPending:s,kRejected:Symbol(`kRejected`),ALL_PROPERTIES:0,ONLY_ENUMERABLE:2},getOwnNonIndexProperties:function(e){if(e!=null&&typeof e.length==`number`&&e.length>65536&&(Array.isArray(e)||ArrayBuffer.isView(e)))return[];for(var t=arguments.length>1&&arguments[1]!==void 0?arguments[1]:2,n=Object.getOwnPropertyDescriptors(e),r=[],a=0,o=Object.entries(n);a<o.length;a++){var s=(u=o[a],d=2,function(e){if(Array.isArray(e))return e}(u)||function(e,t){var n=e==null?null:typeof Symbol<`u`&&e[Symbol.iterator]||e[`@@iterator`];if(n!=null){var r,i,a,o,s=[],c=!0,l=!1;try{if(a=(n=n.call(e)).next,t===0){if(Object(n)!==n)return;c=!1}else for(;!(c=(r=a.call(n)).done)&&(s.push(r.value),s.length!==t);c=!0);}catch(e){l=!0,i=e}finally{try{if(!c&&n.return!=null&&(o=n.return(),Object(o)!==o))return}finally{if(l)throw i}}return s}}(u,d)||i(u,d)||function(){throw TypeError(`Invalid attempt to destructure non-iterable instance.\nIn order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}()),c=s[0],l=s[1];if(!/^(0|[1-9][0-9]*)$/.test(c)||parseInt(c,10)>=2**32-1){if(t===2&&!l.enumerable)continue;r.push(c)}}var u,d,f,p=function(e,t){var n=typeof Symbol<`u`&&e[Symbol.iterator]||e[`@@iterator`];if(!n){if(Array.isArray(e)||(n=i(e))){n&&(e=n);var r=0,a=function(){};return{s:a,n:function(){return r>=e.length?{done:!0}:{done:!1,value:e[r++]}},e:function(e){throw e},f:a}}throw TypeError(`Invalid attempt to iterate non-iterable instance.\nIn order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}var o,s=!0,c=!1;return{s:function(){n=n.call(e)},n:function(){var e=n.next();return s=e.done,e},e:function(e){c=!0,o=e},f:function(){try{s||n.return==null||n.return()}finally{if(c)throw o}}}}(Object.getOwnPropertySymbols(e));try{for(p.s();!(f=p.n()).done;){var m=f.value,h=Object.getOwnPropertyDescriptor(e,m);(t!==2||h.enumerable)&&r.push(m)}}catch(e){p.e(e)}finally{p.f()}return r},getPromiseDetails:function(){return[s,void 0]},getProxyDetails:o.getProxyDetails,Proxy:o.Proxy,previewEntries:function(e){return[[],!1]},getConstructorName:function(e){if(!e||r(e)!==`object`)throw Error(`Invalid object`);if(e.constructor&&e.constructor.name)return e.constructor.name;var t=Object.prototype.toString.call(e).match(/^\\[object ([^\\]]+)\\]/);return t?t[1]:`Object`},getExternalValue:function(){return BigInt(0)}}}},t={};function n(r){var i=t[r];if(i!==void 0)return i.exports;var a=t[r]={exports:{}};return e[r](a,a.exports,n),a.exports}return n.g=function(){if(typeof globalThis==`object`)return globalThis;try{return this||Function(`return this`)()}catch{if(typeof window==`object`)return window}}(),n(339)})())),i||delete globalThis.Atomics}))(),1).default,g={warn:`[warn] `,error:`[error] `};function _(e){if(typeof e[0]==`string`&&e[0].includes(`%`))return null;let t=[];for(let n of e)switch(typeof n){case`string`:t.push(n);break;case`number`:t.push(Object.is(n,-0)?`-0`:String(n));break;case`bigint`:t.push(`${n}n`);break;case`boolean`:case`undefined`:t.push(String(n));break;default:if(n!==null)return null;t.push(`null`)}return t.join(` `)}function v(e){let t=new Map,n=(t,n)=>{e((g[t]??``)+(_(n)??d({},...n))+`\n`)},r=e=>({[e](...t){n(e,t)}})[e];return{log:r(`log`),info:r(`info`),debug:r(`debug`),warn:r(`warn`),error:r(`error`),trace:r(`log`),dir(t,n){e(l(t,n??{})+`\n`)},assert(e,...t){e||n(`error`,[`Assertion failed`+(t.length?`:`:``),...t])},count(e=`default`){let r=String(e),i=(t.get(r)??0)+1;t.set(r,i),n(`log`,[`${r}: ${i}`])},countReset(e=`default`){t.delete(String(e))},table(e){n(`log`,[e])}}}var y=class{limitChars;#e=[];#t=0;#n=0;constructor(e){this.limitChars=e}append(e){this.#n+=e.length;let t=this.limitChars-this.#t;if(t<=0)return;let n=e.length<=t?e:e.slice(0,t);this.#e.push(n),this.#t+=n.length}get totalChars(){return this.#n}take(){let e={text:this.#e.join(``),droppedChars:this.#n-this.#t};return this.#e=[],this.#t=0,this.#n=0,e}},b=2**32-1,x=b-1,S=class extends Error{constructor(e,t,n,r){super(e),this.name=`DevalueError`,this.path=t.join(``),this.value=n,this.root=r}},C=Symbol();function w(e,t){let n=[];for(let r=0;r<e.length;r+=1){let i=e[r];i===C?n.push(`.get(${t(e[++r])})`):typeof i==`number`?n.push(`[${i}]`):n.push(le(i))}return n}var T=Object.getOwnPropertyNames(Object.prototype).sort().join(`\\0`);function ee(e){let t=Object.getPrototypeOf(e);return t===Object.prototype||t===null||Object.getPrototypeOf(t)===null||Object.getOwnPropertyNames(t).sort().join(`\\0`)===T}function E(e){return Object.prototype.toString.call(e).slice(8,-1)}function te(e){return typeof Buffer<`u`&&Buffer.isBuffer(e)}var ne=/[\"<\\\\\\u0000-\\u001f\\u2028\\u2029]/,re=/[<\\u2028\\u2029]/g,ie={\"<\":`\\\\u003C`,\"\\u2028\":`\\\\u2028`,\"\\u2029\":`\\\\u2029`};function ae(e){return ie[e]}function D(e){return!ne.test(e)&&e.isWellFormed()?`\"${e}\"`:JSON.stringify(e).replace(re,ae)}var O=64,k=new Map;function oe(e){if(e.length>O)return D(e);let t=k.get(e);return t===void 0&&(k.size>=1024&&k.clear(),t=D(e),k.set(e,t)),t}function se(e){let t=Object.getOwnPropertySymbols(e);return t.length===0?t:t.filter(t=>Object.getOwnPropertyDescriptor(e,t)?.enumerable)}var ce=/^[a-zA-Z_$][a-zA-Z_$0-9]*$/;function le(e){return ce.test(e)?`.`+e:`[`+JSON.stringify(e)+`]`}function ue(e){return!(!Number.isInteger(e)||e<0||e>x)}function A(e){return!(!Number.isInteger(e)||e<0||e>b)}function j(e){if(e.length===0||e.length>1&&e.charCodeAt(0)===48)return!1;for(let t=0;t<e.length;t++){let n=e.charCodeAt(t);if(n<48||n>57)return!1}return ue(+e)}function de(e){for(var t=e.length-1;t>=0&&!j(e[t]);t--);return t+1}function fe(e){let t=Object.keys(e);return t.length=de(t),t}function pe(e){return new Uint8Array(e).toBase64()}function me(e){return Uint8Array.fromBase64(e).buffer}function he(e){return Buffer.from(e).toString(`base64`)}function ge(e){return Uint8Array.from(Buffer.from(e,`base64`)).buffer}function _e(e){let t=new Uint8Array(e),n=``,r=32768;for(let e=0;e<t.length;e+=r){let i=t.subarray(e,e+r);n+=String.fromCharCode.apply(null,i)}return btoa(n)}function ve(e){let t=atob(e),n=t.length,r=new Uint8Array(n);for(let e=0;e<n;e++)r[e]=t.charCodeAt(e);return r.buffer}var ye=typeof Uint8Array.fromBase64==`function`,be=typeof process==`object`&&process.versions?.node!==void 0,xe=ye?pe:be?he:_e,Se=ye?me:be?ge:ve;function Ce(e,t){if(!t)return e;let n={};for(let r of Object.keys(e))n[r]=t[r]??e[r];return n}var M=Object.freeze({kind:`not-plain`}),we=Object.freeze({kind:`symbol-keys`}),Te=Object.freeze({identify:e=>e,typeOf:e=>e===null?`null`:typeof e,toPrimitive:e=>e,tagOf:e=>E(e),isThenable:e=>typeof e.then==`function`,toPromise:e=>Promise.resolve(e),unbox:e=>e.valueOf(),toISOString:e=>isNaN(e.getDate())?``:e.toISOString(),toStringValue:e=>e.toString(),regExpInfo:e=>({source:e.source,flags:e.flags}),valuesOf:e=>e,entriesOf:e=>e,viewInfo:e=>(te(e)&&(e=new Uint8Array(e)),{buffer:e.buffer,byteOffset:e.byteOffset,byteLength:e.byteLength,length:e.length,bufferByteLength:e.buffer.byteLength}),toArrayBuffer:e=>e,lengthOf:e=>e.length,hasOwn:(e,t)=>Object.hasOwn(e,t),indicesOf:e=>fe(e),shapeOf:e=>ee(e)?se(e).length>0?we:{kind:Object.getPrototypeOf(e)===null?`null-proto`:`plain`,keys:Object.keys(e)}:M,get:(e,t)=>e[t]}),Ee=Object.getOwnPropertyDescriptor(ArrayBuffer.prototype,`byteLength`)?.get,De=typeof SharedArrayBuffer>`u`?void 0:Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype,`byteLength`)?.get,Oe=Object.freeze({fromPrimitive:e=>e,fromISOString:e=>new Date(e),fromStringValue:(e,t)=>e===`URL`?new URL(t):e===`URLSearchParams`?new URLSearchParams(t):Temporal[e.slice(9)].from(t),fromArrayBuffer:e=>e,fromRegExpInfo:(e,t)=>new RegExp(e,t),fromViewInfo:(e,t,n,r)=>{try{Ee.call(t)}catch(e){if(!De)throw e;De.call(t)}let i=globalThis[e];return n===void 0?new i(t):new i(t,n,r)},box:e=>Object(e),createArray:e=>Array(e),createSparseArray:e=>{let t=[];return t[x]=void 0,delete t[x],t.length=e,t},createObject:()=>({}),createNullPrototypeObject:()=>Object.create(null),createSet:()=>new Set,createMap:()=>new Map,set:(e,t,n)=>{e[t]=n},addValue:(e,t)=>{e.add(t)},addEntry:(e,t,n)=>{e.set(t,n)}});function N(){throw Error(`Invalid input`)}function ke(e,t,n){return Ae(JSON.parse(e),t,n)}function Ae(e,t,n){let r=Ce(Oe,n?.operations);if(typeof e==`number`)return c(e,!0);Array.isArray(e)&&e.length!==0||N();let i=e,a=Array(i.length),o=null;function s(e){return(!ue(e)||e>=i.length)&&N(),i[e]}function c(e,n=!1){if(e===-1)return r.fromPrimitive(void 0);if(e===-3)return r.fromPrimitive(NaN);if(e===-4)return r.fromPrimitive(1/0);if(e===-5)return r.fromPrimitive(-1/0);if(e===-6)return r.fromPrimitive(-0);if((n||typeof e!=`number`)&&N(),e in a)return a[e];e>=i.length&&N();let l=i[e];if(!l||typeof l!=`object`)a[e]=r.fromPrimitive(l);else if(Array.isArray(l)){if(typeof l[0]==`string`){let n=l[0],u=t&&Object.hasOwn(t,n)?t[n]:void 0;if(u){let t=l[1];if(typeof t!=`number`&&(t=i.push(l[1])-1),Object.hasOwn(a,t))return a[e]=u(a[t]);if(o??=new Set,o.has(t))throw Error(`Invalid circular reference`);return o.add(t),a[e]=u(c(t)),o.delete(t),a[e]}switch(n){case`Date`:a[e]=r.fromISOString(l[1]);break;case`Set`:let t=r.createSet();a[e]=t;for(let e=1;e<l.length;e+=1)r.addValue(t,c(l[e]));break;case`Map`:let i=r.createMap();a[e]=i;for(let e=1;e<l.length;e+=2)r.addEntry(i,c(l[e]),c(l[e+1]));break;case`RegExp`:a[e]=r.fromRegExpInfo(l[1],l[2]);break;case`Object`:{let t=l[1];if(t!==-3&&t!==-4&&t!==-5&&t!==-6){let e=s(t),n=Array.isArray(e)&&e[0]===`BigInt`;e!==void 0&&typeof e!=`object`||n||N()}a[e]=r.box(c(t));break}case`BigInt`:a[e]=r.fromPrimitive(BigInt(l[1]));break;case`null`:let o=r.createNullPrototypeObject();a[e]=o;for(let e=1;e<l.length;e+=2){let t=l[e];if(typeof t!=`string`)throw Error(`Cannot parse an object with a non-string key`);if(t===`__proto__`)throw Error(\"Cannot parse an object with a `__proto__` property\");r.set(o,t,c(l[e+1]))}break;case`Int8Array`:case`Uint8Array`:case`Uint8ClampedArray`:case`Int16Array`:case`Uint16Array`:case`Float16Array`:case`Int32Array`:case`Uint32Array`:case`Float32Array`:case`Float64Array`:case`BigInt64Array`:case`BigUint64Array`:case`DataView`:{let t=l[1],i=s(t);Array.isArray(i)&&i[0]===`ArrayBuffer`||N();let o=c(t);a[e]=r.fromViewInfo(n,o,l[2],l[3]);break}case`ArrayBuffer`:{let t=l[1];if(typeof t!=`string`)throw Error(`Invalid ArrayBuffer encoding`);a[e]=r.fromArrayBuffer(Se(t));break}case`URL`:case`URLSearchParams`:case`Temporal.Duration`:case`Temporal.Instant`:case`Temporal.PlainDate`:case`Temporal.PlainTime`:case`Temporal.PlainDateTime`:case`Temporal.PlainMonthDay`:case`Temporal.PlainYearMonth`:case`Temporal.ZonedDateTime`:a[e]=r.fromStringValue(n,l[1]);break;default:throw Error(`Unknown type ${n}`)}}else if(l[0]===-7){let t=l[1];A(t)||N();let n=r.createSparseArray(t);a[e]=n;for(let e=2;e<l.length;e+=2){let i=l[e];(!ue(i)||i>=t)&&N(),r.set(n,i,c(l[e+1]))}}else{let t=r.createArray(l.length);a[e]=t;for(let e=0;e<l.length;e+=1){let n=l[e];n!==-2&&r.set(t,e,c(n))}}}else{let t=r.createObject();a[e]=t;for(let e of Object.keys(l)){if(e===`__proto__`)throw Error(\"Cannot parse an object with a `__proto__` property\");r.set(t,e,c(l[e]))}}return a[e]}return c(0)}function je(e,t,n){let r=Me(!1,e,t,n);return typeof r==`string`?r:`[${r.join(`,`)}]`}function Me(e,t,n,r){let i=Ce(Te,r?.operations),a=[],o=new Map,s=[];if(n)for(let e of Object.getOwnPropertyNames(n))s.push({key:e,fn:n[e]});let c=[],l=0;function u(e,n){throw new S(e,w(c,e=>{let t=i.typeOf(e);return t!==`object`&&t!==`function`&&t!==`symbol`?Ne(i.toPrimitive(e)):`...`}),n,t)}function d(t,n){let r=i.typeOf(t);if(r===`undefined`)return-1;let f;if(r===`number`){if(f=i.toPrimitive(t),Number.isNaN(f))return-3;if(f===1/0)return-4;if(f===-1/0)return-5;if(f===0&&1/f<0)return-6}let p=i.identify(t);if(o.has(p))return o.get(p);n??=l++,o.set(p,n);for(let{key:e,fn:r}of s){let i=r(t);if(i)return a[n]=`[\"${e}\",${d(i)}]`,n}r===`function`?u(`Cannot stringify a function`,t):r===`symbol`&&u(`Cannot stringify a Symbol primitive`,t);let m=``;if(r!==`object`)m=Ne(r===`number`?f:i.toPrimitive(t));else if(i.isThenable(t)){e||u(`Cannot stringify a Promise or thenable — use stringifyAsync instead`,t);let r=c.slice();m=i.toPromise(t).then(e=>{c=r;let t=d(e,n);t<0&&(a[n]=t)}),m.catch(()=>{})}else{let e=i.tagOf(t);switch(e){case`Number`:case`String`:case`Boolean`:case`BigInt`:m=`[\"Object\",${d(i.unbox(t))}]`;break;case`Date`:m=`[\"Date\",\"${i.toISOString(t)}\"]`;break;case`URL`:m=`[\"URL\",${D(i.toStringValue(t))}]`;break;case`URLSearchParams`:m=`[\"URLSearchParams\",${D(i.toStringValue(t))}]`;break;case`RegExp`:let{source:n,flags:r}=i.regExpInfo(t);m=r?`[\"RegExp\",${D(n)},\"${r}\"]`:`[\"RegExp\",${D(n)}]`;break;case`Array`:{let e=!1,n=i.lengthOf(t);m=`[`;for(let r=0;r<n;r+=1)if(r>0&&(m+=`,`),i.hasOwn(t,r))c.push(r),m+=d(i.get(t,r)),c.pop();else if(e)m+=-2;else{let r=i.indicesOf(t),a=r.length,o=String(n).length;if((n-a)*3>4+o+a*(o+1)){m=`[-7,`+n;for(let e=0;e<r.length;e++){let n=r[e];c.push(+n),m+=`,`+n+`,`+d(i.get(t,n)),c.pop()}break}e=!0,m+=-2}m+=`]`;break}case`Set`:m=`[\"Set\"`;for(let e of i.valuesOf(t))m+=`,${d(e)}`;m+=`]`;break;case`Map`:m=`[\"Map\"`;for(let[e,n]of i.entriesOf(t))c.push(C,e),m+=`,${d(e)},${d(n)}`,c.pop(),c.pop();m+=`]`;break;case`Int8Array`:case`Uint8Array`:case`Uint8ClampedArray`:case`Int16Array`:case`Uint16Array`:case`Float16Array`:case`Int32Array`:case`Uint32Array`:case`Float32Array`:case`Float64Array`:case`BigInt64Array`:case`BigUint64Array`:{let n=i.viewInfo(t);m=`[\"`+e+`\",`+d(n.buffer),n.byteLength!==n.bufferByteLength&&(m+=`,${n.byteOffset},${n.length}`),m+=`]`;break}case`DataView`:{let n=i.viewInfo(t);m=`[\"`+e+`\",`+d(n.buffer),n.byteLength!==n.bufferByteLength&&(m+=`,${n.byteOffset},${n.byteLength}`),m+=`]`;break}case`ArrayBuffer`:m=`[\"ArrayBuffer\",\"${xe(i.toArrayBuffer(t))}\"]`;break;case`Temporal.Duration`:case`Temporal.Instant`:case`Temporal.PlainDate`:case`Temporal.PlainTime`:case`Temporal.PlainDateTime`:case`Temporal.PlainMonthDay`:case`Temporal.PlainYearMonth`:case`Temporal.ZonedDateTime`:m=`[\"${e}\",${D(i.toStringValue(t))}]`;break;default:{let e=i.shapeOf(t);if(e.kind===`not-plain`&&u(`Cannot stringify arbitrary non-POJOs`,t),e.kind===`symbol-keys`&&u(`Cannot stringify POJOs with symbolic keys`,t),e.kind===`null-proto`){m=`[\"null\"`;for(let n of e.keys)n===`__proto__`&&u(`Cannot stringify objects with __proto__ keys`,t),c.push(n),m+=`,${oe(n)},${d(i.get(t,n))}`,c.pop();m+=`]`}else{m=`{`;let n=!1;for(let r of e.keys)r===`__proto__`&&u(`Cannot stringify objects with __proto__ keys`,t),n&&(m+=`,`),n=!0,c.push(r),m+=`${oe(r)}:${d(i.get(t,r))}`,c.pop();m+=`}`}}}}return a[n]=m,n}let f=d(t);return f<0?`${f}`:a}function Ne(e){let t=typeof e;return t===`string`?D(e):e===void 0?`-1`:e===0&&1/e<0?`-6`:t===`bigint`?`[\"BigInt\",\"${e}\"]`:String(e)}var P=`ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/`,F={};for(let e=0;e<64;e++)F[P[e]]=e;function I(e){let t=new Uint8Array(e),n=``;for(let e=0;e<t.length;e+=3){let r=t[e],i=e+1<t.length?t[e+1]:0,a=e+2<t.length?t[e+2]:0;n+=P[r>>2]+P[(r&3)<<4|i>>4],n+=e+1<t.length?P[(i&15)<<2|a>>6]:`=`,n+=e+2<t.length?P[a&63]:`=`}return n}function Pe(e){let t=e.length;for(;t>0&&e[t-1]===`=`;)t--;let n=new Uint8Array(Math.floor(t*3/4)),r=0,i=0,a=0;for(let o=0;o<t;o++){let t=F[e[o]];if(t===void 0)throw TypeError(`invalid base64 in a host value`);i=(i<<6|t)&16777215,r+=6,r>=8&&(r-=8,n[a++]=i>>r&255)}return n.buffer}var Fe=new WeakSet;function Ie(e){return(typeof e==`object`||typeof e==`function`)&&e!==null&&Fe.has(e)}function Le(e){function t(e,t){if(!new.target)throw TypeError(`Constructor Proxy requires 'new'`);let n=new h(e,t);return Fe.add(n),n}Object.defineProperty(t,\"revocable\",{value:function(e,t){let n=h.revocable(e,t);return Fe.add(n.proxy),n},writable:!0,configurable:!0}),Object.defineProperty(e,\"Proxy\",{value:t,writable:!0,configurable:!0,enumerable:!1})}var L=JSON.stringify,Re=JSON.parse,ze=Promise.prototype.then,R=Reflect.apply,z=Object.getOwnPropertyDescriptors,Be=Object.getPrototypeOf;function Ve(e,t,n){return R(ze,e,[t,n])}var B=`$handle`,V=4e3,He=/\\(quickbox-prelude[^)]*\\)|^\\s*at quickbox-prelude/,Ue=10;function We(e,t){if(e.length<=t)return{body:e,droppedChars:0};let n=t,r=e.charCodeAt(n-1);return r>=55296&&r<=56319&&--n,{body:e.slice(0,n),droppedChars:e.length-n}}function Ge(e){try{let t=e.stack;return typeof t==`string`?t.split(`\n`).filter(e=>e.trim()!==``&&!He.test(e)).slice(0,Ue).join(`\n`):``}catch{return``}}function H(e,t,n,r){if(typeof e!=`object`||!e||n>3||Ie(e))return e;if(r.has(e))return r.get(e);if(Array.isArray(e)||ArrayBuffer.isView(e)||e instanceof Map||e instanceof Set||e instanceof Error)return e;let i=Object.keys(e),a=z(e),o=i.length>t,s=o?Object.create(Be(e)):{};r.set(e,o?s:e);let c=o,l=o?i.slice(0,t):i,u=[];for(let e of l){let i=a[e];if(!(`value`in i))continue;let o=H(i.value,t,n+1,r);o!==i.value&&(c=!0),u.push([e,o])}if(!c)return e;let d=o?s:Object.create(Be(e));for(let e of l)Object.defineProperty(d,e,a[e]);for(let[e,t]of u)Object.defineProperty(d,e,{...a[e],value:t});return r.set(e,d),d}function Ke(e){switch(typeof e){case`number`:return Object.is(e,-0)?`-0`:String(e);case`bigint`:return`${e}n`;case`boolean`:case`undefined`:return String(e);default:return e===null?`null`:null}}function U(e){return Ke(e)??l(H(e,V,0,new Map))}function qe(e){let t=U(e);return typeof e==`function`&&!Ie(e)?`${t} arity=${e.length}`:t}function Je(e){return typeof e==`function`||typeof e==`symbol`?!0:typeof e!=`object`||!e?!1:Ie(e)||e instanceof WeakMap||e instanceof WeakSet||e instanceof WeakRef||e instanceof FinalizationRegistry||e instanceof Promise}function Ye(e){let t=Object.getPrototypeOf(e);return t===Object.prototype||t===null}function Xe(e){let t={},n=z(e);for(let e of Object.keys(n)){let r=n[e];r.enumerable&&(t[e]=`value`in r?r.value:{[B]:r.set?r.get?`[Getter/Setter]`:`[Setter]`:`[Getter]`})}return t}function Ze(e){if(Object.getOwnPropertySymbols(e).length>0)return!0;let t=z(e);for(let e of Object.keys(t))if(!(`value`in t[e]))return!0;return!1}function Qe(e){return e===null||typeof e!=`object`&&typeof e!=`function`&&typeof e!=`symbol`}function $e(e){switch(typeof e){case`undefined`:return`-1`;case`number`:return Number.isNaN(e)?`-3`:e===1/0?`-4`:e===-1/0?`-5`:Object.is(e,-0)?`-6`:`[${e}]`;case`bigint`:return`[[\"BigInt\",\"${e}\"]]`;case`string`:return`[${L(e)}]`;default:return`[${String(e)}]`}}function et(e,t){if(typeof e==`string`&&e.length>t)return{valueNote:`value not copied: larger than ${t} characters`};if(Qe(e))return{value:$e(e)};if(Je(e))return{value:je({[B]:qe(e)})};try{let n=je(e,{Handle:e=>{if(Je(e))return qe(e);if((ArrayBuffer.isView(e)||e instanceof ArrayBuffer)&&e.byteLength*1.4>t)return`${Be(e)?.constructor?.name??`ArrayBuffer`}(${e.byteLength} bytes) [not copied: too large]`},ArrayBuffer:e=>e instanceof ArrayBuffer?{base64:I(e)}:void 0,Err:e=>e instanceof Error?{name:String(e.name),message:String(e.message),stack:Ge(e)}:void 0,Obj:e=>{if(typeof e==`object`&&e&&!Array.isArray(e)&&!(ArrayBuffer.isView(e)||e instanceof ArrayBuffer)&&(!Ye(e)||Ze(e))&&!(e instanceof Map||e instanceof Set||e instanceof Date||e instanceof RegExp)&&!(e instanceof Number||e instanceof String||e instanceof Boolean))return Xe(e)}});return n.length>t?{valueNote:`value not copied: larger than ${t} characters`}:{value:n}}catch(e){return{valueNote:`value not copied: ${e instanceof Error?e.message:String(e)}`}}}var tt={\"out of memory\":`OutOfMemory`,\"stack overflow\":`StackOverflow`,interrupted:`Timeout`};function nt(e,t=!1){let n=`unknown error`;try{n=e instanceof Error?`${String(e.name)}: ${String(e.message)}`:String(e)}catch{}if(t){let e=`[the thrown value could not be rendered: ${n}]`;return{status:`error`,body:e,droppedChars:0,handle:!1,errorType:`Error`,errorMessage:e}}return{status:`ok`,body:`[value could not be rendered: ${n}]`,droppedChars:0,handle:!0}}function rt(e,t){return V=t,typeof e==`string`?{status:`ok`,...We(e,t),handle:!1}:Je(e)?{status:`ok`,...We(qe(e),t),handle:!0}:{status:`ok`,...We(U(e),t),handle:!1}}function it(e,t){if(V=t,e instanceof Error){let n=`Error`,r=``;try{n=String(e.name),r=String(e.message)}catch{}(n===`InternalError`||n===`SyntaxError`&&r===`stack overflow`)&&tt[r]&&(n=tt[r]);let i=Ge(e),a=r.length>t?r.slice(0,t+1):r,{body:o}=We(i?`${a}\\n${i}`:a,t),s=r.length+(i?1+i.length:0)-o.length,c=r.length>t?`${r.slice(0,t)}… [truncated ${r.length-t} chars]`:r;return{status:`error`,body:o,droppedChars:s,handle:!1,errorType:n,errorMessage:c,errorStack:i}}let n=e===null?`null`:U(e);return{status:`error`,...We(n,t),handle:!1,errorType:`Error`,errorMessage:n}}var at=class{limits;timers;hostCalls;output;#e=null;constructor(e,t,n){this.limits=e,this.timers=t,this.hostCalls=n,this.output=new y(e.maxResultChars)}track(e){let t=e=>this.settle({kind:`ok`,value:e}),n=e=>this.settle({kind:`error`,error:e});Ve(e,e=>{let r=e.value;if(!Ie(r)&&r instanceof Promise)try{Ve(r,t,n)}catch{t(r)}else t(r)},n)}fail(e){this.settle({kind:`error`,error:e})}settle(e){this.#e||=e}poll(){let e=this.#e;if(!e)return{settled:!1,nextTimerAt:this.timers.nextDueAt(),calls:this.hostCalls.drain()};this.timers.cancelAll();let t;try{t=e.kind===`ok`?rt(e.value,this.limits.maxResultChars):it(e.error,this.limits.maxResultChars)}catch(n){t=nt(n,e.kind===`error`)}let{text:n,droppedChars:r}=this.output.take(),i={...t,stdout:n,stdoutDroppedChars:r},a=e.kind===`ok`&&Qe(e.value);return a&&Object.assign(i,et(e.value,this.limits.maxValueChars)),{settled:!0,outcome:i,needsCopy:e.kind===`ok`&&!a}}copyValue(){return this.#e?.kind===`ok`?et(this.#e.value,this.limits.maxValueChars):{}}};function ot(){let e=2654435769,t=608135816,n=3084996962,r=1;function i(){e>>>=0,t>>>=0,n>>>=0,r>>>=0;let i=e+t|0;return e=t^t>>>9,t=n+(n<<3)|0,n=n<<21|n>>>11,r=r+1|0,i=i+r|0,n=n+i|0,i>>>0}return{random:function(){let e=i()>>>5,t=i()>>>6;return(e*67108864+t)/9007199254740992},seed(a){e=a[0]>>>0,t=a[1]>>>0,n=a[2]>>>0,r=a[3]>>>0||1;for(let e=0;e<15;e++)i()}}}function W(e,t){let n=new Map,r=1,i=0;function a(t,a,o,s){if(typeof t!=`function`)throw TypeError(`The \"callback\" argument must be of type function`);let c=Number(a);c>=1&&c<=2147483647||(c=+!!s),c=Math.floor(c);let l=r++;return n.set(l,{id:l,dueAt:e()+c,seq:i++,intervalMs:s?Math.max(1,c):null,callback:t,args:o}),l}function o(){let e;for(let t of n.values())(!e||t.dueAt<e.dueAt||t.dueAt===e.dueAt&&t.seq<e.seq)&&(e=t);return e}function s(e){n.delete(Number(e))}return{install(e){e.setTimeout=function(e,t,...n){return a(e,t,n,!1)},e.setInterval=function(e,t,...n){return a(e,t,n,!0)},e.clearTimeout=function(e){s(e)},e.clearInterval=function(e){s(e)}},nextDueAt(){return o()?.dueAt??null},fireNext(){let r=o();if(!(!r||r.dueAt>e())){r.intervalMs===null?n.delete(r.id):(r.dueAt=Math.max(r.dueAt+r.intervalMs,e()),r.seq=i++);try{r.callback(...r.args)}catch(e){t(e)}}},cancelAll(){n.clear()},get size(){return n.size}}}var st={Obj:e=>e,ArrayBuffer:e=>Pe(String(e))};function ct(e){let t=Error(e.message);return t.name=e.name,e.details&&Object.assign(t,e.details),t}function lt(){let e=new Map,t=[],n=1;return{request(r,i,a){let o;try{o=a===void 0?`{}`:L(a)}catch(e){return Promise.reject(TypeError(`${i}: the arguments cannot be sent to the host: ${e instanceof Error?e.message:String(e)}`))}if(o===void 0)return Promise.reject(TypeError(`${i}: the arguments must be JSON data, got ${typeof a}`));let s=`c${n++}`;return new Promise((n,a)=>{e.set(s,[n,a]),t.push({id:s,kind:r,name:i,args:o})})},drain(){let e=t;return t=[],e},settle(t){for(let n of t){let t=e.get(n.id);if(t){if(e.delete(n.id),!n.ok)t[1](ct(n.error??{name:`ToolError`,message:`the call failed`}));else try{let e=n.value===void 0?void 0:n.encoding===`devalue`?ke(n.value,st):Re(n.value);t[0](e)}catch(e){t[1](e)}}}},abandonAll(){e.clear(),t=[]},get pendingCount(){return e.size}}}var ut=[`description`,`subagentType`,`label`,`responseSchema`],dt=4096,ft=5,pt=32;function mt(e){return{name:e.key,description:e.description,signature:e.signature}}function ht(e,t){let n={};for(let r of e){let e=r.name;n[r.key]={[r.key](n){return t.request(`tool`,e,n)}}[r.key]}let r=t=>e.find(e=>e.key===t||e.name===t);return Object.defineProperty(n,\"$search\",{value:function(t){let n=String(t??``).toLowerCase().split(/\\s+/).filter(Boolean);return e.filter(e=>{let t=`${e.key} ${e.name} ${e.description}`.toLowerCase();return n.every(e=>t.includes(e))}).map(mt)}}),Object.defineProperty(n,\"$describe\",{value:function(t){let n=r(t);if(!n)throw TypeError(`tools.$describe: no tool named ${JSON.stringify(t)}; available: ${e.map(e=>e.key).join(`, `)||`none`}`);return mt(n)}}),Object.freeze(n)}function gt(e,t,n){if(t>ft)throw TypeError(`task(): responseSchema is nested deeper than ${ft} levels`);if(typeof e!=`object`||!e)return;let r=e.properties;if(typeof r==`object`&&r&&(n.properties+=Object.keys(r).length,n.properties>pt))throw TypeError(`task(): responseSchema has more than ${pt} properties`);for(let r of Object.values(e))gt(r,t+1,n)}function _t(e,t){let n=e.types.map(e=>e.name);return function(e){try{if(typeof e!=`object`||!e||Array.isArray(e))throw TypeError(`task() takes one object: { description, subagentType, label?, responseSchema? }`);let r={};for(let t of Object.keys(e))r[t]=e[t];let i=Object.keys(r).filter(e=>!ut.includes(e));if(i.length)throw TypeError(`task(): unknown field ${i.map(e=>JSON.stringify(e)).join(`, `)} (expected ${ut.join(`, `)})`);if(typeof r.description!=`string`||!r.description.trim())throw TypeError(`task(): description is required and must be a non-empty string`);if(typeof r.subagentType!=`string`||!r.subagentType)throw TypeError(`task(): subagentType is required and must be a string${n.length?` (one of ${n.join(`, `)})`:``}`);if(n.length&&!n.includes(r.subagentType))throw TypeError(`task(): unknown subagentType ${JSON.stringify(r.subagentType)} (one of ${n.join(`, `)})`);if(r.label!==void 0&&typeof r.label!=`string`)throw TypeError(`task(): label must be a string`);if(r.responseSchema!==void 0){if(typeof r.responseSchema!=`object`||r.responseSchema===null)throw TypeError(`task(): responseSchema must be a JSON Schema object`);let e=L(r.responseSchema);if(typeof e!=`string`)throw TypeError(`task(): responseSchema must be a JSON Schema object`);if(e.length>dt)throw TypeError(`task(): responseSchema is larger than ${dt} bytes`);r.responseSchema=Re(e),gt(r.responseSchema,1,{properties:0})}return t.request(`task`,r.subagentType,r)}catch(e){return Promise.reject(e)}}}var vt=globalThis,yt={maxResultChars:4e3,maxValueChars:1048576},G,bt=W(()=>Date.now(),e=>G.fail(e)),xt=ot(),St=lt();function Ct(e,t){Object.defineProperty(vt,e,{value:t,writable:!0,configurable:!0,enumerable:!1})}Le(vt),Ct(`console`,v(e=>G.output.append(e)));var K={};bt.install(K);for(let[e,t]of Object.entries(K))Ct(e,t);Ct(`queueMicrotask`,function(e){if(typeof e!=`function`)throw TypeError(`The \"callback\" argument must be of type function`);Promise.resolve().then(()=>e())}),Object.defineProperty(Math,\"random\",{value:xt.random,writable:!0,configurable:!0});function wt(){bt.cancelAll(),St.abandonAll(),G=new at(yt,bt,St)}function Tt(e,t){Object.defineProperty(vt,e,{value:t,writable:!1,configurable:!0,enumerable:!1})}function Et(e){yt=e.limits,Tt(`tools`,ht(e.tools,St)),e.subagents.enabled?Tt(`task`,Object.freeze(_t(e.subagents,St))):delete vt.task}return Et({limits:yt,tools:[],subagents:{enabled:!1,types:[]}}),wt(),e.internal={seed(e){xt.seed(Re(e))},configure(e){Et(Re(e)),wt()},settle(e){St.settle(Re(e))},track(e){G.track(e)},fail(e){G.fail(e)},fireTimer(){bt.fireNext()},poll(){let e=G.poll();return e.settled&&!e.needsCopy&&wt(),L(e)},copyValue(){try{return L(G.copyValue())}finally{wt()}},takeOutput(){return L(G.output.take())},close(){let e=G.output.take();return wt(),L(e)}},e})({});\nreturn __quickboxInternal.internal;})()";
// src/engine/guest-calls.ts
var HostAllocationError = class extends Error {
	name = "HostAllocationError";
};
var GuestCalls = class {
	#instance;
	rt;
	ctx;
	constructor(instance, rt, ctx) {
		this.#instance = instance;
		this.rt = rt;
		this.ctx = ctx;
	}
	malloc(bytes) {
		const pointer = this.#instance.module._malloc(bytes);
		if (!pointer) throw new HostAllocationError(`the guest heap has no room for ${bytes} bytes`);
		return pointer;
	}
	free(pointer) {
		this.#instance.module._free(pointer);
	}
	/** Writes `text` as NUL-terminated UTF-8; returns [pointer, byteLength]. */
	#writeUtf8(text) {
		const module = this.#instance.module;
		const length = module.lengthBytesUTF8(text);
		const pointer = this.malloc(length + 1);
		module.stringToUTF8(text, pointer, length + 1);
		return [pointer, length];
	}
	newString(text) {
		const [pointer] = this.#writeUtf8(text);
		try {
			return this.#instance.ffi.QTS_NewString(this.ctx, pointer);
		} finally {
			this.free(pointer);
		}
	}
	/** Returns the exception value if `value` is an exception (and frees `value`), else null. */
	takeException(value) {
		const error = this.#instance.ffi.QTS_ResolveException(this.ctx, value);
		if (!error) return null;
		this.freeValue(value);
		return error;
	}
	freeValue(value) {
		this.#instance.ffi.QTS_FreeValuePointer(this.ctx, value);
	}
	readString(value) {
		const ffi = this.#instance.ffi;
		const chars = ffi.QTS_GetString(this.ctx, value);
		try {
			return this.#instance.module.UTF8ToString(chars);
		} finally {
			ffi.QTS_FreeCString(this.ctx, chars);
		}
	}
	typeOf(value) {
		const pointer = this.#instance.ffi.QTS_Typeof(this.ctx, value);
		try {
			return this.#instance.module.UTF8ToString(pointer);
		} finally {
			this.free(pointer);
		}
	}
	evalScript(code, filename, flags) {
		const [pointer, length] = this.#writeUtf8(code);
		try {
			return this.#instance.ffi.QTS_Eval(this.ctx, pointer, length, filename, 0, flags);
		} finally {
			this.free(pointer);
		}
	}
	getProperty(object, name) {
		const key = this.newString(name);
		try {
			return this.#instance.ffi.QTS_GetProp(this.ctx, object, key);
		} finally {
			this.freeValue(key);
		}
	}
	/**
	* Calls `fn(...args)`; string arguments become guest strings. Returns the result pointer
	* (caller frees) or throws GuestCallError carrying the exception pointer.
	*/
	call(fn, args) {
		const ffi = this.#instance.ffi;
		const owned = [];
		const argv = args.length ? this.malloc(4 * args.length) : 0;
		try {
			const heap = this.#instance.heapU32;
			args.forEach((arg, index) => {
				let pointer;
				if (typeof arg === "string") {
					pointer = this.newString(arg);
					owned.push(pointer);
				} else pointer = typeof arg === "number" ? arg : arg.pointer;
				heap[(argv >> 2) + index] = pointer;
			});
			return ffi.QTS_Call(this.ctx, fn, ffi.QTS_GetUndefined(), args.length, argv);
		} finally {
			for (const value of owned) this.freeValue(value);
			if (argv) this.free(argv);
		}
	}
	/** True while QuickJS has promise jobs queued. */
	hasPendingJobs() {
		return this.#instance.ffi.QTS_IsJobPending(this.rt) !== 0;
	}
	/**
	* Runs queued promise jobs until none is left or `keepGoing()` says stop, `batch` at a time
	* (-1: all). A job that throws (only an interrupt does: reactions catch everything else)
	* ends a batch; whatever it returned is freed.
	*/
	runPendingJobs(keepGoing, batch = -1) {
		const ffi = this.#instance.ffi;
		const contextOut = this.malloc(4);
		try {
			while (keepGoing() && this.hasPendingJobs()) ffi.QTS_FreeValuePointerRuntime(this.rt, ffi.QTS_ExecutePendingJob(this.rt, batch, contextOut));
		} finally {
			this.free(contextOut);
		}
	}
};
// src/engine/wasm-instance.ts
var WASM_PAGE_BYTES = 65536;
var loadedBuilds = /* @__PURE__ */ new WeakMap();
function loadBuild(profile) {
	let loaded = loadedBuilds.get(profile);
	if (!loaded) {
		loaded = (async () => {
			const variant = await profile.loadVariant();
			const [loader, FFI] = await Promise.all([variant.importModuleLoader(), variant.importFFI()]);
			return {
				loader,
				FFI
			};
		})();
		loadedBuilds.set(profile, loaded);
	}
	return loaded;
}
/** Bindings of an instance no thread has adopted. */
function unboundBindings() {
	return {
		hooks: {
			nowMs: () => 0,
			onHeapExhausted: () => {}
		},
		callbacks: { shouldInterrupt: () => false }
	};
}
function instantiate(wasmModule, imports) {
	try {
		return Promise.resolve(new WebAssembly.Instance(wasmModule, imports));
	} catch {
		return WebAssembly.instantiate(wasmModule, imports);
	}
}
async function createWasmInstance(profile, wasmModule, memoryBytes, bindings = unboundBindings()) {
	const { loader, FFI } = await loadBuild(profile);
	const pages = Math.ceil(memoryBytes / WASM_PAGE_BYTES);
	const memory = new WebAssembly.Memory({
		initial: pages,
		maximum: pages
	});
	const ignoreOutput = () => {};
	let exports = null;
	const hooks = {
		nowMs: () => instance.bindings.hooks.nowMs(),
		onHeapExhausted: () => instance.bindings.hooks.onHeapExhausted()
	};
	const module = await loader({
		wasmMemory: memory,
		print: ignoreOutput,
		printErr: ignoreOutput,
		instantiateWasm(imports, receive) {
			profile.patchImports(imports, memory, hooks);
			instantiate(wasmModule, imports).then((created) => {
				exports = created.exports;
				receive(created, wasmModule);
			});
			return {};
		}
	});
	module.type = "sync";
	/** A C string QuickJS takes ownership of (and frees); 0 if the heap is full. */
	const cString = (text) => {
		const length = module.lengthBytesUTF8(text) + 1;
		const pointer = module._malloc(length);
		if (pointer) module.stringToUTF8(text, pointer, length);
		return pointer;
	};
	module.callbacks = {
		shouldInterrupt: () => instance.bindings.callbacks.shouldInterrupt() ? 1 : 0,
		callFunction: () => 0,
		loadModuleSource: ((_asyncify, _rt, _ctx, name) => cString(instance.bindings.callbacks.loadModuleSource?.(name) ?? "throw new Error('modules are not available')")),
		normalizeModule: ((_asyncify, _rt, _ctx, base, requested) => cString(instance.bindings.callbacks.normalizeModule?.(base, requested) ?? requested)),
		freeHostRef: () => {}
	};
	const stackPointerExport = profile.shadowStack ? exports?.[profile.shadowStack.stackPointerExport] : void 0;
	const stackPointer = typeof stackPointerExport === "function" ? () => Number(stackPointerExport()) : () => null;
	const instance = {
		memory,
		heapU32: new Uint32Array(memory.buffer),
		module,
		ffi: new FFI(module),
		bindings,
		stackPointer
	};
	return instance;
}
// src/engine/base-image.ts
var CHUNK_BYTES = 4096;
/** The wasm declares a 16 MiB minimum memory; images are built at that size. */
var MIN_MEMORY_BYTES = 16777216;
/** Functions of the prelude's internal API (src/guest/prelude.ts). */
var INTERNAL_FUNCTIONS = [
	"seed",
	"configure",
	"track",
	"fail",
	"poll",
	"fireTimer",
	"settle",
	"copyValue",
	"takeOutput",
	"close"
];
/** Finds the word that tracks the heap's end: the one that grows by exactly a big allocation. */
function locateBreakPointer(instance) {
	const probeBytes = 8388608;
	const staticWords = 262144;
	const before = new Uint32Array(instance.memory.buffer, 0, staticWords).slice();
	const pointer = instance.module._malloc(probeBytes);
	if (!pointer) return null;
	const after = new Uint32Array(instance.memory.buffer, 0, staticWords);
	const candidates = [];
	for (let i = 0; i < staticWords; i++) {
		const grown = after[i] - before[i];
		if (grown >= probeBytes && grown <= 8454144) candidates.push(i * 4);
	}
	instance.module._free(pointer);
	return candidates.length === 1 ? candidates[0] : null;
}
/**
* The stack region below the resting stack pointer, if it is where the layout says: above the
* static data (which holds the break pointer) and below the heap (the break is above it).
*/
function locateDeadStack(instance, profile, breakPointerAddress) {
	const stackPointer = instance.stackPointer();
	if (!profile.shadowStack || stackPointer === null || breakPointerAddress === null) return null;
	const start = stackPointer - profile.shadowStack.sizeBytes;
	const heapBreak = instance.heapU32[breakPointerAddress >>> 2];
	if (start <= breakPointerAddress || heapBreak <= stackPointer || stackPointer % 16 !== 0) return null;
	return [start, stackPointer];
}
function highWaterBytes(memory) {
	let end = memory.length;
	while (end > 0 && memory[end - 1] === 0) end--;
	return Math.ceil(end / CHUNK_BYTES) * CHUNK_BYTES;
}
function chunkDiffers(a, b, start, end) {
	for (let i = start; i < end; i++) if (a[i] !== b[i]) return true;
	return false;
}
function changedRanges(fresh, image) {
	const ranges = [];
	const limit = Math.max(highWaterBytes(fresh), image.length);
	for (let start = 0; start < limit; start += CHUNK_BYTES) {
		const end = start + CHUNK_BYTES;
		if (!chunkDiffers(fresh, image, start, end)) continue;
		const last = ranges[ranges.length - 1];
		if (last && last[1] === start) last[1] = end;
		else ranges.push([start, end]);
	}
	return ranges;
}
async function sha256Hex(bytes) {
	const digest = await crypto.subtle.digest("SHA-256", bytes);
	return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
async function buildBaseImage(profile, wasmModule) {
	const instance = await createWasmInstance(profile, wasmModule, profile.imageMemoryBytes);
	const fresh = new Uint8Array(instance.memory.buffer).slice();
	const { ffi } = instance;
	const rt = ffi.QTS_NewRuntime();
	const ctx = ffi.QTS_NewContext(rt, 0);
	ffi.QTS_RuntimeEnableInterruptHandler(rt);
	ffi.QTS_RuntimeEnableModuleLoader(rt, 1);
	const calls = new GuestCalls(instance, rt, ctx);
	const internal = calls.evalScript(GUEST_PRELUDE_SOURCE, "quickbox-prelude", 0);
	const exception = calls.takeException(internal);
	if (exception) throw new Error(`quickbox: the guest prelude failed to load: ${calls.readString(exception)}`);
	const functions = {};
	for (const name of INTERNAL_FUNCTIONS) {
		const fn = calls.getProperty(internal, name);
		if (calls.typeOf(fn) !== "function") throw new Error(`quickbox: the guest prelude lacks ${name}()`);
		functions[name] = fn;
	}
	const memory = new Uint8Array(instance.memory.buffer);
	const bytes = memory.slice(0, highWaterBytes(memory));
	const breakPointerAddress = locateBreakPointer(instance);
	const deadStackRange = locateDeadStack(instance, profile, breakPointerAddress);
	return {
		profile,
		wasmModule,
		bytes,
		changedRanges: changedRanges(fresh, bytes),
		pointers: {
			rt,
			ctx,
			internal,
			functions
		},
		hash: await sha256Hex(bytes),
		breakPointerAddress,
		deadStackRange
	};
}
var images = /* @__PURE__ */ new WeakMap();
/** One base image per (build, compiled module), built on first use and shared by all threads. */
function getBaseImage(profile, wasmModule) {
	let byProfile = images.get(wasmModule);
	if (!byProfile) images.set(wasmModule, byProfile = /* @__PURE__ */ new Map());
	let image = byProfile.get(profile.id);
	if (!image) {
		image = buildBaseImage(profile, wasmModule);
		image.catch(() => byProfile.delete(profile.id));
		byProfile.set(profile.id, image);
	}
	return image;
}
// src/runtime/detect.ts
function detectRuntime() {
	const global = globalThis;
	if (global.navigator?.userAgent === "Cloudflare-Workers") return "workerd";
	if (typeof global.Deno === "object") return "deno";
	if (global.process?.versions?.node && typeof global.window === "undefined" && typeof global.WorkerGlobalScope === "undefined") return "node";
	if (typeof global.window === "object" || typeof global.WorkerGlobalScope === "function") return "browser";
	return "other";
}
// src/engine/wasm-url.ts
function releaseWasmUrl() {
	return new URL("./quickjs.wasm", import.meta.url).href;
}
// src/engine/wasm-source.ts
/**
* Finding and compiling the QuickJS .wasm when the caller did not pass `wasmModule`.
* Node and Deno read the file from the installed package; browsers fetch the URL the bundler
* gave the asset. workerd cannot compile wasm from bytes at all: there `wasmModule` is required.
*/
async function compileWasmFromPackage(specifier, browserUrl) {
	const runtime = detectRuntime();
	if (runtime === "workerd") throw new Error("quickbox: workerd cannot compile WebAssembly from bytes; pass the imported module as `wasmModule` (see README, Cloudflare Workers)");
	if (runtime === "node" || runtime === "deno") {
		const { createRequire } = await import(
			/* @vite-ignore */
			/* webpackIgnore: true */
			"node:module"
);
		const { readFile } = await import(
			/* @vite-ignore */
			/* webpackIgnore: true */
			"node:fs/promises"
);
		const path = createRequire(import.meta.url).resolve(specifier);
		return WebAssembly.compile(await readFile(path));
	}
	const url = new URL(typeof browserUrl === "function" ? browserUrl() : browserUrl, globalThis.location?.href);
	const response = await fetch(url);
	if (!response.ok) throw new Error(`quickbox: could not load ${url.href}: HTTP ${response.status}`);
	return WebAssembly.compile(await response.arrayBuffer());
}
function compileReleaseWasm() {
	return compileWasmFromPackage("@jitl/quickjs-wasmfile-release-sync/wasm", releaseWasmUrl);
}
// src/engine/wasm-build.ts
function setImport(imports, [module, name], fn) {
	const namespace = imports[module];
	if (!namespace || typeof namespace[name] !== "function") throw new Error(`quickbox: wasm import ${module}.${name} not found; the QuickJS build does not match this quickbox version`);
	namespace[name] = fn;
}
var DAYS_BEFORE_MONTH = [
	0,
	31,
	59,
	90,
	120,
	151,
	181,
	212,
	243,
	273,
	304,
	334
];
/** `struct tm` for a UTC time: the guest always lives in UTC, in every runtime. */
function writeUtcTm(memory, seconds, tmPointer) {
	const date = /* @__PURE__ */ new Date(seconds * 1e3);
	const view = new Int32Array(memory.buffer, tmPointer, 11);
	const year = date.getUTCFullYear();
	const leap = year % 4 === 0 && year % 100 !== 0 || year % 400 === 0;
	const month = date.getUTCMonth();
	view[0] = date.getUTCSeconds();
	view[1] = date.getUTCMinutes();
	view[2] = date.getUTCHours();
	view[3] = date.getUTCDate();
	view[4] = month;
	view[5] = year - 1900;
	view[6] = date.getUTCDay();
	view[7] = DAYS_BEFORE_MONTH[month] + (leap && month > 1 ? 1 : 0) + date.getUTCDate() - 1;
	view[8] = 0;
	view[9] = 0;
}
function writeCString(memory, pointer, text) {
	const bytes = new Uint8Array(memory.buffer, pointer, text.length + 1);
	for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
	bytes[text.length] = 0;
}
function patchWithNames(names) {
	return (imports, memory, hooks) => {
		for (const entry of names.dateNow) setImport(imports, entry, () => hooks.nowMs());
		setImport(imports, names.localtime, ((time, tmPointer) => {
			writeUtcTm(memory, Number(time), tmPointer);
		}));
		setImport(imports, names.tzset, ((timezone, daylight, stdName, dstName) => {
			new Int32Array(memory.buffer, timezone, 1)[0] = 0;
			new Int32Array(memory.buffer, daylight, 1)[0] = 0;
			writeCString(memory, stdName, "UTC");
			writeCString(memory, dstName, "UTC");
		}));
		setImport(imports, names.resizeHeap, () => {
			hooks.onHeapExhausted();
			return 0;
		});
		setImport(imports, names.environSizesGet, ((countPointer, sizePointer) => {
			new Uint32Array(memory.buffer, countPointer, 1)[0] = 0;
			new Uint32Array(memory.buffer, sizePointer, 1)[0] = 0;
			return 0;
		}));
		setImport(imports, names.environGet, () => 0);
		if (names.clockTimeGet) setImport(imports, names.clockTimeGet, ((_clock, _precision, outPointer) => {
			new BigInt64Array(memory.buffer, outPointer, 1)[0] = BigInt(Math.round(hooks.nowMs() * 1e6));
			return 0;
		}));
	};
}
/** Bellard's QuickJS, release, sync (no asyncify): the build quickbox ships. */
var RELEASE_BUILD = {
	id: "@jitl/quickjs-wasmfile-release-sync@0.32.0",
	imageMemoryBytes: 16 * 2 ** 20,
	shadowStack: {
		stackPointerExport: "Oa",
		sizeBytes: 5 * 2 ** 20
	},
	compileDefault: compileReleaseWasm,
	loadVariant: async () => (await import("@jitl/quickjs-wasmfile-release-sync")).default,
	patchImports: patchWithNames({
		dateNow: [["a", "p"]],
		localtime: ["a", "m"],
		tzset: ["a", "n"],
		resizeHeap: ["a", "k"],
		environSizesGet: ["a", "f"],
		environGet: ["a", "e"]
	})
};
// src/engine/cell-transform.ts
/**
* Turns a cell (JavaScript or TypeScript) into a script for QuickJS's async global eval, which
* gives top-level await and the completion value natively. What remains is REPL semantics:
* top-level `let`/`const`/`class` become `var` bindings, so they persist on the global object and
* re-running a cell rebinds instead of failing with a redeclaration error. Rewrites stay on their
* line (and TypeScript stripping preserves lines), so error positions refer to the user's code.
*/
/** Only these top-level forms need rewriting; a cell without the words needs no parse. */
var MAY_DECLARE = /\b(?:let|const|class|import|export|using)\b/;
/**
* `import x, { a as b } from "m"` → `var { default: x, a: b } = await import("m");` on the same
* lines, so cells can import skills (and get a clear error for anything else).
*/
function importEdit(statement, code) {
	const source = JSON.stringify(String(statement.source?.value ?? ""));
	const specifiers = statement.specifiers ?? [];
	const namespace = specifiers.find((s) => s.type === "ImportNamespaceSpecifier");
	const bindings = specifiers.filter((s) => s.type !== "ImportNamespaceSpecifier").map((s) => {
		const imported = s.type === "ImportDefaultSpecifier" ? "default" : s.imported?.name ?? JSON.stringify(s.imported?.value);
		return imported === s.local.name ? imported : `${imported}: ${s.local.name}`;
	});
	const parts = [];
	if (namespace) parts.push(`var ${namespace.local.name} = await import(${source});`);
	if (bindings.length) parts.push(`var { ${bindings.join(", ")} } = ${namespace ? namespace.local.name : `await import(${source})`};`);
	if (!parts.length) parts.push(`await import(${source});`);
	const original = code.slice(statement.start, statement.end);
	const newlines = original.split("\n").length - 1;
	return {
		at: statement.start,
		removeChars: original.length,
		insert: parts.join(" ") + "\n".repeat(newlines)
	};
}
function parseScript(code) {
	try {
		return parse(code, {
			ecmaVersion: "latest",
			sourceType: "script",
			allowAwaitOutsideFunction: true,
			allowHashBang: true
		});
	} catch {
		try {
			const program = parse(code, {
				ecmaVersion: "latest",
				sourceType: "module",
				allowAwaitOutsideFunction: true,
				allowHashBang: true
			});
			return program.body.some((statement) => statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration" || statement.type === "ExportAllDeclaration") ? null : program;
		} catch {
			return null;
		}
	}
}
function stripTypes(code) {
	try {
		return transform(code, {
			transforms: ["typescript"],
			disableESTransforms: true,
			keepUnusedImports: true,
			preserveDynamicImport: true
		}).code;
	} catch {
		return null;
	}
}
function replDeclarationEdits(program, code) {
	const edits = [];
	for (const statement of program.body) {
		if (statement.type === "ImportDeclaration") {
			edits.push(importEdit(statement, code));
			continue;
		}
		if (statement.type === "VariableDeclaration" && (statement.kind === "let" || statement.kind === "const")) {
			const keyword = statement.kind;
			edits.push({
				at: statement.start,
				removeChars: keyword.length,
				insert: "var".padEnd(keyword.length, " ")
			});
			for (const declarator of statement.declarations ?? []) if (!declarator.init) edits.push({
				at: declarator.id.end,
				removeChars: 0,
				insert: " = void 0"
			});
		} else if (statement.type === "ClassDeclaration" && statement.id) {
			edits.push({
				at: statement.start,
				removeChars: 0,
				insert: `var ${statement.id.name} = `
			});
			edits.push({
				at: statement.end,
				removeChars: 0,
				insert: ";"
			});
		}
	}
	return edits;
}
function applyEdits(code, edits) {
	let result = code;
	for (const edit of [...edits].sort((a, b) => b.at - a.at)) result = result.slice(0, edit.at) + edit.insert + result.slice(edit.at + edit.removeChars);
	return result;
}
/**
* Cells that cannot contain a declaration to rewrite skip parsing: QuickJS compiles them as they
* are. If that fails to compile, the caller retries with `{ full: true }` (the cell may be
* TypeScript); a compile error means nothing ran, so the retry repeats no side effect.
*/
function transformCell(source, options = {}) {
	if (!options.full && !MAY_DECLARE.test(source)) return {
		code: source,
		language: "javascript",
		parsed: false
	};
	const program = parseScript(source);
	if (program) return {
		code: applyEdits(source, replDeclarationEdits(program, source)),
		language: "javascript",
		parsed: true
	};
	const stripped = stripTypes(source);
	const strippedProgram = stripped === null ? null : parseScript(stripped);
	if (stripped !== null && strippedProgram) return {
		code: applyEdits(stripped, replDeclarationEdits(strippedProgram, stripped)),
		language: "typescript",
		parsed: true
	};
	return {
		code: stripped ?? source,
		language: stripped === null ? "javascript" : "typescript",
		parsed: true
	};
}
// src/engine/guest-reports.ts
function isGuestCall(value) {
	if (typeof value !== "object" || value === null) return false;
	const call = value;
	return typeof call.id === "string" && (call.kind === "tool" || call.kind === "task") && typeof call.name === "string" && typeof call.args === "string";
}
var GuestProtocolError = class extends Error {
	name = "GuestProtocolError";
};
function parseObject(text, what) {
	let value;
	try {
		value = JSON.parse(text);
	} catch {
		throw new GuestProtocolError(`${what}: not JSON`);
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) throw new GuestProtocolError(`${what}: not an object`);
	return value;
}
function check(condition, what) {
	if (!condition) throw new GuestProtocolError(`${what}: unexpected shape`);
}
var isCount = (value) => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
var isOptionalString = (value) => value === void 0 || typeof value === "string";
function parsePollReport(text, maxChars, maxValueChars) {
	const report = parseObject(text, "poll");
	if (report.settled === false) {
		check(report.nextTimerAt === null || typeof report.nextTimerAt === "number" && Number.isFinite(report.nextTimerAt), "poll");
		check(Array.isArray(report.calls) && report.calls.every(isGuestCall), "poll");
		return {
			settled: false,
			nextTimerAt: report.nextTimerAt,
			calls: report.calls
		};
	}
	check(report.settled === true && typeof report.needsCopy === "boolean", "poll");
	check(typeof report.outcome === "object" && report.outcome !== null, "poll");
	return {
		settled: true,
		outcome: checkOutcome(report.outcome, maxChars, maxValueChars),
		needsCopy: report.needsCopy
	};
}
function parseOutput(text) {
	const output = parseObject(text, "output");
	check(typeof output.text === "string" && isCount(output.droppedChars), "output");
	return {
		text: output.text,
		droppedChars: output.droppedChars
	};
}
function checkOutcome(f, maxChars, maxValueChars) {
	check(f.status === "ok" || f.status === "error", "finish");
	check(typeof f.body === "string" && f.body.length <= maxChars && isCount(f.droppedChars), "finish");
	check(typeof f.handle === "boolean", "finish");
	check(typeof f.stdout === "string" && f.stdout.length <= maxChars && isCount(f.stdoutDroppedChars), "finish");
	for (const key of [
		"errorType",
		"errorMessage",
		"errorStack",
		"value",
		"valueNote"
	]) check(isOptionalString(f[key]), "finish");
	check(typeof f.value !== "string" || f.value.length <= maxValueChars, "finish");
	check(f.status === "ok" || typeof f.errorType === "string", "finish");
	const outcome = {
		status: f.status,
		body: f.body,
		droppedChars: f.droppedChars,
		handle: f.handle,
		stdout: f.stdout,
		stdoutDroppedChars: f.stdoutDroppedChars
	};
	for (const key of [
		"errorType",
		"errorMessage",
		"errorStack",
		"value",
		"valueNote"
	]) if (typeof f[key] === "string") outcome[key] = f[key];
	if (outcome.errorType !== void 0 && outcome.errorType.length > 100) outcome.errorType = `${outcome.errorType.slice(0, 100)}…`;
	if (outcome.errorMessage !== void 0) outcome.errorMessage = bounded(outcome.errorMessage, maxChars);
	if (outcome.errorStack !== void 0) outcome.errorStack = bounded(outcome.errorStack, maxChars);
	return outcome;
}
function bounded(text, maxChars) {
	return text.length <= maxChars ? text : `${text.slice(0, maxChars)}… [truncated ${text.length - maxChars} chars]`;
}
function parseCopiedValue(text, maxChars) {
	const copied = parseObject(text, "copyValue");
	check(isOptionalString(copied.value) && isOptionalString(copied.valueNote), "copyValue");
	check(typeof copied.value !== "string" || copied.value.length <= maxChars, "copyValue");
	return {
		...typeof copied.value === "string" ? { value: copied.value } : {},
		...typeof copied.valueNote === "string" ? { valueNote: copied.valueNote } : {}
	};
}
/** The poll budget for a CPU limit (see POLLS_PER_CPU_MS). */
function pollBudget(timeoutMs) {
	return Math.ceil(timeoutMs * 4);
}
var RunBudget = class {
	timeoutMs;
	wallTimeoutMs;
	now;
	maxPolls;
	#startedAt;
	#awaitingSince = null;
	#awaitedMs = 0;
	#expired = null;
	/** Interrupt polls seen; deployed Workers freeze the clock during CPU work (see the top). */
	polls = 0;
	constructor(timeoutMs, wallTimeoutMs, now = () => performance.now(), maxPolls = pollBudget(timeoutMs)) {
		this.timeoutMs = timeoutMs;
		this.wallTimeoutMs = wallTimeoutMs;
		this.now = now;
		this.maxPolls = maxPolls;
		this.#startedAt = now();
	}
	get expired() {
		return this.#expired;
	}
	/** Called by the interrupt handler: true interrupts the guest. */
	shouldInterrupt() {
		if (this.#expired) return true;
		this.polls++;
		this.check();
		if (!this.#expired && this.polls > this.maxPolls && this.#clockStandsStill()) this.#expired = "cpu";
		return this.#expired !== null;
	}
	/** The clock shows less CPU time than the polls seen need, even at the fastest rate. */
	#clockStandsStill() {
		return (this.#cpuMs(this.now()) + 1) * 100 < this.polls;
	}
	/** Guest CPU time by the clock: the eval's time minus the time spent awaiting the host. */
	#cpuMs(now) {
		return now - this.#startedAt - this.#awaitedMs;
	}
	/** Re-evaluates the limits; returns the kind if expired. */
	check() {
		if (this.#expired) return this.#expired;
		const now = this.now();
		if (now - this.#startedAt > this.wallTimeoutMs) this.#expired = "wall";
		else if (this.#awaitingSince === null && this.#cpuMs(now) > this.timeoutMs) this.#expired = "cpu";
		return this.#expired;
	}
	expire(kind) {
		this.#expired ??= kind;
	}
	/** Milliseconds left before the wall limit. */
	wallRemainingMs() {
		return Math.max(0, this.wallTimeoutMs - (this.now() - this.#startedAt));
	}
	/** Bracket host waits (tool calls, real timers): they do not count against `timeoutMs`. */
	async awaitHost(work) {
		this.#awaitingSince = this.now();
		try {
			return await work;
		} finally {
			this.#awaitedMs += this.now() - this.#awaitingSince;
			this.#awaitingSince = null;
		}
	}
	get elapsedMs() {
		return this.now() - this.#startedAt;
	}
};
// src/engine/call-scheduler.ts
var CallScheduler = class {
	#lanes;
	constructor(limits, issued = {
		tool: 0,
		task: 0
	}) {
		this.#lanes = {
			tool: {
				issued: issued.tool,
				inFlight: /* @__PURE__ */ new Set(),
				queue: [],
				max: limits.maxToolCalls,
				concurrency: limits.maxConcurrentToolCalls,
				budgetError: (max) => ({
					name: "ToolCallBudgetExceeded",
					message: `this eval may make at most ${max} tool calls (maxToolCalls)`
				})
			},
			task: {
				issued: issued.task,
				inFlight: /* @__PURE__ */ new Set(),
				queue: [],
				max: limits.maxTaskCalls,
				concurrency: limits.maxConcurrentTasks,
				budgetError: (max) => ({
					name: "TaskBudgetExceeded",
					message: `this eval may start at most ${max} tasks (maxTaskCalls)`
				})
			}
		};
	}
	/** Tool calls made by the guest in this eval (over-budget ones included). */
	get toolCalls() {
		return this.#lanes.tool.issued;
	}
	/** Calls issued per kind in this eval so far (kept across a pause). */
	get issued() {
		return {
			tool: this.#lanes.tool.issued,
			task: this.#lanes.task.issued
		};
	}
	/**
	* A call that waits for a human decision instead of running: it counts against the budget
	* (over budget, it fails like any other call) but takes no concurrency slot.
	*/
	hold(call) {
		const lane = this.#lanes[call.kind];
		lane.issued++;
		return lane.max !== null && lane.issued > lane.max ? {
			id: call.id,
			ok: false,
			error: lane.budgetError(lane.max)
		} : null;
	}
	/** A held call approved later: it runs now, taking a slot if one is free, else it queues. */
	release(call) {
		this.#lanes[call.kind].queue.push(call);
		return this.#release();
	}
	get busy() {
		return Object.values(this.#lanes).some((lane) => lane.inFlight.size > 0 || lane.queue.length > 0);
	}
	/** New calls from the guest: which to send now, and which fail at once. */
	admit(calls) {
		const rejected = [];
		for (const call of calls) {
			const lane = this.#lanes[call.kind];
			lane.issued++;
			if (lane.max !== null && lane.issued > lane.max) rejected.push({
				id: call.id,
				ok: false,
				error: lane.budgetError(lane.max)
			});
			else lane.queue.push(call);
		}
		return {
			send: this.#release(),
			rejected
		};
	}
	/** Results arrived: free their slots; returns queued calls that may go now. */
	complete(results) {
		for (const result of results) for (const lane of Object.values(this.#lanes)) lane.inFlight.delete(result.id);
		return this.#release();
	}
	#release() {
		const ready = [];
		for (const lane of Object.values(this.#lanes)) while (lane.queue.length && lane.inFlight.size < lane.concurrency) {
			const call = lane.queue.shift();
			lane.inFlight.add(call.id);
			ready.push(call);
		}
		return ready;
	}
};
// src/engine/module-loader.ts
/**
* Imports inside the sandbox. The only modules are interpreter skills (`@/skills/<name>`), whose
* files the host preloads before the eval (QuickJS's loader is synchronous here). Inside a skill,
* relative imports resolve to its own files; a skill cannot import another skill; anything else
* is refused. A refusal is a module that throws, so the program's `import()` rejects with it.
*/
var SKILL_PREFIX = "@/skills/";
var REFUSED_PREFIX = "quickbox:refused:";
var ENTRY_CANDIDATES = [
	"index.ts",
	"index.js",
	"index.mjs",
	"index.mts"
];
var EXTENSIONS = [
	"",
	".ts",
	".js",
	".mjs",
	".mts",
	"/index.ts",
	"/index.js"
];
function skillNameOf(specifier) {
	if (!specifier.startsWith("@/skills/")) return null;
	const name = specifier.slice(9).split("/")[0];
	return /^[A-Za-z0-9_-]+$/.test(name) ? name : null;
}
function refused(message) {
	return REFUSED_PREFIX + encodeURIComponent(message);
}
function joinPath(baseDir, relative) {
	const parts = baseDir ? baseDir.split("/") : [];
	for (const part of relative.split("/")) {
		if (part === "." || part === "") continue;
		if (part === "..") {
			if (!parts.length) return null;
			parts.pop();
		} else parts.push(part);
	}
	return parts.join("/");
}
/** Module name for `requested` imported from `base` ("" or the cell's file name at top level). */
function normalizeModuleName(base, requested) {
	const baseSkill = skillNameOf(base);
	if (requested.startsWith("./") || requested.startsWith("../")) {
		if (!baseSkill) return refused(`relative import "${requested}" outside a skill; import skills as "@/skills/<name>"`);
		const baseFile = base.slice(9 + baseSkill.length + 1);
		const path = joinPath(baseFile.includes("/") ? baseFile.slice(0, baseFile.lastIndexOf("/")) : "", requested);
		if (path === null) return refused(`import "${requested}" leaves skill "${baseSkill}"`);
		return `${SKILL_PREFIX}${baseSkill}/${path}`;
	}
	const skill = skillNameOf(requested);
	if (skill) {
		if (baseSkill) return refused(`skill "${baseSkill}" cannot import another skill ("${requested}")`);
		return requested === `@/skills/${skill}` ? `${SKILL_PREFIX}${skill}/` : requested;
	}
	return refused(`cannot import "${requested}": the only modules here are skills ("@/skills/<name>")`);
}
function throwingModule(name, message) {
	return `const error = new Error(${JSON.stringify(message)}); error.name = ${JSON.stringify(name)}; throw error;\n`;
}
function findFile(files, path) {
	if (path === "" || path.endsWith("/")) return ENTRY_CANDIDATES.find((candidate) => candidate in files) ?? (Object.keys(files).length === 1 ? Object.keys(files)[0] : null);
	for (const extension of EXTENSIONS) if (`${path}${extension}` in files) return `${path}${extension}`;
	return null;
}
/** Source of a normalized module name, from the thread's preloaded skills. */
function loadModuleSource(name, skills) {
	if (name.startsWith(REFUSED_PREFIX)) return throwingModule("SkillNotAvailable", decodeURIComponent(name.slice(17)));
	const skill = skillNameOf(name);
	const files = skill ? skills.get(skill) : void 0;
	if (!skill || !files) return throwingModule("SkillNotAvailable", `skill "${skill ?? name}" is not available (import skills with a literal "@/skills/<name>" so they load before the code runs)`);
	const path = name.slice(9 + skill.length + 1);
	const file = findFile(files, path);
	if (!file) return throwingModule("SkillNotAvailable", `skill "${skill}" has no file "${path || "index"}"`);
	const source = files[file];
	if (!/\.m?ts$/.test(file)) return source;
	try {
		return transform(source, {
			transforms: ["typescript"],
			disableESTransforms: true,
			keepUnusedImports: true,
			filePath: file
		}).code;
	} catch (error) {
		return throwingModule("SkillNotAvailable", `skill "${skill}": ${file} does not compile: ${error.message}`);
	}
}
// src/engine/instance-pool.ts
/**
* Booting a thread means a new wasm instance (~1 ms) plus copying the base image's ~1 MB of
* changed pages (~0.8 ms). The pool keeps one booted spare per (image, memory size), prepared in
* the background after each use, so creating a thread usually costs only its configuration.
*
* Instances of released threads (dropped, hibernated, mode "call") are recycled: their memory is
* reset to the image instead of allocating a new one, which spares the garbage collector a
* 64 MiB buffer per thread (it dominated waking hibernated threads). Memory above the allocator's
* break and the dead stack region may keep the previous thread's bytes: nothing reads them
* before writing (a fresh instance's zeros there are just as arbitrary), and snapshots never
* rely on them (beyond the image they compare against zero, and restores clear that far).
*/
var spares = /* @__PURE__ */ new Map();
async function bootInstance(image, memoryBytes) {
	const instance = await createWasmInstance(image.profile, image.wasmModule, memoryBytes);
	const memory = new Uint8Array(instance.memory.buffer);
	for (const [start, end] of image.changedRanges) memory.set(image.bytes.subarray(start, end), start);
	return instance;
}
function keyOf(image, memoryBytes) {
	return `${image.profile.id}:${image.hash}:${memoryBytes}`;
}
/**
* Not on workerd: it cancels a request's timers when the request ends, so a spare one request
* started booting would never resolve for the next (which would wait for it forever); and in a
* 128 MB isolate a spare thread's memory is better not spent.
*/
function prepareSpare(image, memoryBytes) {
	const key = keyOf(image, memoryBytes);
	if (spares.has(key) || detectRuntime() === "workerd") return;
	const spare = new Promise((resolve, reject) => {
		setTimeout(() => bootInstance(image, memoryBytes).then(resolve, reject), 0);
	});
	spare.catch(() => spares.delete(key));
	spares.set(key, spare);
}
var MAX_RECYCLED_PER_KEY = 2;
var recycled = /* @__PURE__ */ new Map();
/** Takes back the instance of a thread that will never run again (not one that was lost). */
function recycleInstance(image, instance) {
	const key = keyOf(image, instance.memory.buffer.byteLength);
	const list = recycled.get(key) ?? [];
	if (list.length >= MAX_RECYCLED_PER_KEY) return;
	instance.bindings = unboundBindings();
	list.push(instance);
	recycled.set(key, list);
}
/** Resets a recycled memory: the image (but its dead stack region), then zeros to `clearUpToBytes`. */
function resetToImage(instance, image, clearUpToBytes) {
	const memory = new Uint8Array(instance.memory.buffer);
	const [deadStart, deadEnd] = image.deadStackRange ?? [image.bytes.length, image.bytes.length];
	memory.set(image.bytes.subarray(0, deadStart), 0);
	memory.set(image.bytes.subarray(deadEnd), deadEnd);
	if (clearUpToBytes > image.bytes.length) memory.fill(0, image.bytes.length, Math.min(clearUpToBytes, memory.length));
}
/**
* A booted instance holding the base image, ready for a thread to adopt. `clearUpToBytes`: memory
* past the image that must read as zeros (what a restored snapshot did not store because it was).
*/
async function acquireBootedInstance(image, memoryBytes, clearUpToBytes = 0) {
	const key = keyOf(image, memoryBytes);
	const reusable = recycled.get(key)?.pop();
	if (reusable) {
		resetToImage(reusable, image, clearUpToBytes);
		return reusable;
	}
	const spare = spares.get(key);
	spares.delete(key);
	const instance = spare ? await spare.catch(() => bootInstance(image, memoryBytes)) : await bootInstance(image, memoryBytes);
	prepareSpare(image, memoryBytes);
	return instance;
}
// src/engine/quickjs-thread.ts
var NO_HOST = {
	send: () => {},
	receive: () => new Promise(() => {})
};
/** Guest heap kept free after an out-of-memory eval; below it the instance is replaced. */
var OOM_HEADROOM_BYTES = 262144;
/** Jobs allowed to run after an eval was stopped before the instance counts as runaway. */
var MAX_DRAIN_JOBS = 1e3;
function seedWords(seed) {
	if (seed === void 0) return Array.from(crypto.getRandomValues(/* @__PURE__ */ new Uint32Array(4)));
	let state = Math.trunc(seed) >>> 0;
	return Array.from({ length: 4 }, () => {
		state = state + 2654435769 >>> 0;
		let z = state;
		z = Math.imul(z ^ z >>> 16, 2246822507) >>> 0;
		z = Math.imul(z ^ z >>> 13, 3266489909) >>> 0;
		return (z ^ z >>> 16) >>> 0;
	});
}
function errorOutcome(type, message, details) {
	return {
		status: "error",
		body: message,
		droppedChars: 0,
		handle: false,
		errorType: type,
		errorMessage: message,
		...details ? { errorDetails: details } : {},
		stdout: "",
		stdoutDroppedChars: 0
	};
}
var QuickJSThread = class QuickJSThread {
	#instance;
	#calls;
	#image;
	#pointers;
	#config;
	#clockMs = 0;
	#budget = null;
	#signal;
	#pollCancel;
	#heapExhausted = false;
	/** Skill files the host preloaded for this thread. */
	#skills = /* @__PURE__ */ new Map();
	/** The configuration (limits, tools, subagents) the guest was last given. */
	#configurationJson = "";
	#lost = null;
	/** Set while the thread waits for decisions on held calls. */
	#pause = null;
	constructor(instance, image, config) {
		this.#instance = instance;
		this.#image = image;
		this.#pointers = image.pointers;
		this.#calls = new GuestCalls(instance, image.pointers.rt, image.pointers.ctx);
		this.#config = config;
	}
	static async create(image, config) {
		return QuickJSThread.#boot(image, config, null);
	}
	/**
	* A thread from a snapshot: the base image, then each chunk set in order (a full snapshot's,
	* then its deltas'), then the JS-side state. Between runs that is the whole thread: the sync
	* build's only other mutable state is the stack pointer, back at its initial value.
	*/
	static async restore(image, config, state, chunkSets, zeroUpToBytes) {
		return QuickJSThread.#boot(image, {
			...config,
			memoryLimitBytes: Math.max(config.memoryLimitBytes, state.memoryBytes)
		}, {
			state,
			chunkSets,
			zeroUpToBytes
		});
	}
	static async #boot(image, config, from) {
		const instance = await acquireBootedInstance(image, config.memoryLimitBytes, from?.zeroUpToBytes ?? 0);
		if (from) {
			const memory = new Uint8Array(instance.memory.buffer);
			for (const chunks of from.chunkSets) applyChunks(memory, chunks);
		}
		const thread = new QuickJSThread(instance, image, config);
		instance.bindings = {
			hooks: {
				nowMs: () => thread.#now(),
				onHeapExhausted: () => {
					thread.#heapExhausted = true;
				}
			},
			callbacks: {
				shouldInterrupt: () => thread.#shouldInterrupt(),
				normalizeModule: (base, requested) => normalizeModuleName(base, requested),
				loadModuleSource: (name) => loadModuleSource(name, thread.#skills)
			}
		};
		instance.ffi.QTS_RuntimeSetMaxStackSize(image.pointers.rt, config.maxStackSizeBytes);
		if (from) {
			const { state } = from;
			thread.#clockMs = state.clockMs;
			thread.#configurationJson = state.configurationJson;
			for (const [name, files] of Object.entries(state.skills)) thread.#skills.set(name, files);
			thread.#pause = state.pause;
		} else thread.#callVoid("seed", [JSON.stringify(seedWords(config.randomSeed))]);
		return thread;
	}
	/** Snapshot bookkeeping: the last snapshot taken of (or restored into) this thread. */
	snapshotBaseline = null;
	/** The thread's memory and JS-side state; call only between evals (or while paused). */
	exportState() {
		return {
			memory: new Uint8Array(this.#instance.memory.buffer),
			state: {
				clockMs: this.#clockMs,
				configurationJson: this.#configurationJson,
				skills: Object.fromEntries(this.#skills),
				pause: this.#pause,
				memoryBytes: this.#instance.memory.buffer.byteLength
			}
		};
	}
	/** Makes preloaded skill files importable as "@/skills/<name>" (QuickJS caches what it loads). */
	addSkills(skills) {
		for (const [name, files] of Object.entries(skills)) if (!this.#skills.has(name)) this.#skills.set(name, files);
	}
	/** Why the instance was discarded, or null while it is usable. */
	get lost() {
		return this.#lost;
	}
	get memory() {
		return this.#instance.memory;
	}
	/** The guest's clock, ms since the epoch. */
	get clockMs() {
		return this.#now();
	}
	#now() {
		return this.#config.clock === "real" ? Date.now() : this.#clockMs;
	}
	#shouldInterrupt() {
		const budget = this.#budget;
		if (!budget) return false;
		this.#pollCancel?.();
		if (this.#signal?.aborted) {
			budget.expire("cpu");
			return true;
		}
		return budget.shouldInterrupt();
	}
	#callInternal(name, args) {
		const result = this.#calls.call(this.#pointers.functions[name], args);
		const exception = this.#calls.takeException(result);
		if (exception) {
			const message = this.#describe(exception);
			this.#calls.freeValue(exception);
			throw new GuestException(message);
		}
		return result;
	}
	#callVoid(name, args = []) {
		this.#calls.freeValue(this.#callInternal(name, args));
	}
	#callString(name, args = []) {
		const result = this.#callInternal(name, args);
		try {
			return this.#calls.readString(result);
		} finally {
			this.#calls.freeValue(result);
		}
	}
	/** Best-effort text of a guest exception, for host-side errors; frees nothing. */
	#describe(exception) {
		try {
			return this.#calls.readString(exception);
		} catch {
			return "unknown guest exception";
		}
	}
	/**
	* Hands the instance back for reuse by another thread (see instance-pool.ts); call only between
	* runs. The thread is unusable afterwards. A lost instance is never reused.
	*/
	release() {
		if (this.#lost) return;
		this.#lost = "released";
		recycleInstance(this.#image, this.#instance);
	}
	/**
	* Frees the runtime the way QuickJS intends (every value the host kept, then context and
	* runtime) and returns LeakSanitizer's verdict. Only meaningful on the debug build; the
	* thread is unusable afterwards. Threads are normally just dropped.
	*/
	releaseAndCheckLeaks() {
		const { ffi } = this.#instance;
		const { rt, ctx, internal, functions } = this.#pointers;
		this.#lost ??= "released";
		try {
			for (const fn of Object.values(functions)) this.#calls.freeValue(fn);
			this.#calls.freeValue(internal);
			ffi.QTS_FreeContext(ctx);
			ffi.QTS_FreeRuntime(rt);
		} catch (error) {
			return {
				leaked: true,
				error: `freeing the runtime failed: ${error instanceof Error ? error.message : String(error)}`
			};
		}
		return { leaked: ffi.QTS_RecoverableLeakCheck() !== 0 };
	}
	/** The held calls, while the thread is paused. */
	get pause() {
		return this.#pause;
	}
	async eval(code, filename, limits, manifest = EMPTY_MANIFEST, host = NO_HOST) {
		if (this.#pause) throw new Error("quickbox: the thread is paused; resume it first");
		return this.#drive(limits, new CallScheduler(limits), host, (scheduler, budget) => {
			return {
				compiled: this.#start(code, filename, configurationFor(limits, manifest)),
				settled: this.#runUntilSettled(budget, limits, scheduler, host)
			};
		});
	}
	/**
	* Continues a paused eval: decided calls run (approve/edit) or settle (reject/respond); the
	* program goes on until it finishes or waits on held calls again. Undecided calls stay held.
	*/
	async resume(decisions, limits, manifest, host = NO_HOST) {
		const pause = this.#pause;
		if (!pause) throw new Error("quickbox: the thread is not paused");
		const configurationJson = configurationFor(limits, manifest);
		return this.#drive(limits, new CallScheduler(limits, pause.issued), host, (scheduler, budget) => {
			if (configurationJson !== this.#configurationJson) {
				this.#callVoid("configure", [configurationJson]);
				this.#configurationJson = configurationJson;
			}
			const settled = [];
			for (const decision of decisions) {
				const held = pause.interrupts.find((interrupt) => interrupt.id === decision.interruptId);
				if (!held) continue;
				pause.interrupts = pause.interrupts.filter((interrupt) => interrupt !== held);
				if ("run" in decision) {
					const toSend = scheduler.release({
						id: held.callId,
						kind: held.kind,
						name: held.name,
						args: decision.run.args
					});
					if (toSend.length) host.send(toSend);
				} else settled.push({
					...decision.result,
					id: held.callId
				});
			}
			this.#pause = null;
			this.#held = pause.interrupts;
			if (settled.length) this.#callVoid("settle", [JSON.stringify(settled)]);
			return {
				compiled: true,
				settled: this.#runUntilSettled(budget, limits, scheduler, host)
			};
		});
	}
	/** Interrupts still held while an eval or resume runs (moved into #pause if it pauses again). */
	#held = [];
	async #drive(limits, scheduler, host, begin) {
		if (this.#lost) throw new Error(`quickbox: thread instance was discarded: ${this.#lost}`);
		const budget = new RunBudget(limits.timeoutMs, limits.wallTimeoutMs);
		this.#budget = budget;
		this.#signal = limits.signal;
		this.#pollCancel = limits.pollCancel;
		this.#heapExhausted = false;
		try {
			let outcome;
			try {
				const { compiled, settled: settling } = begin(scheduler, budget);
				const settled = await settling;
				if (settled === "paused") {
					this.#pause = {
						interrupts: this.#held,
						issued: scheduler.issued
					};
					outcome = {
						...pausedOutcome(this.#held),
						...this.#takeOutput()
					};
				} else outcome = typeof settled === "string" ? this.#stop(settled) : this.#complete(settled, limits);
				this.#held = [];
				if (!compiled) outcome = {
					...outcome,
					compileFailed: true
				};
				if (scheduler.toolCalls) outcome = {
					...outcome,
					toolCalls: scheduler.toolCalls
				};
			} catch (error) {
				this.#held = [];
				outcome = this.#recover(error);
			}
			return this.#lost ? {
				...outcome,
				instanceLost: this.#lost
			} : outcome;
		} finally {
			this.#budget = null;
			this.#signal = void 0;
			this.#pollCancel = void 0;
		}
	}
	/** What the paused eval printed so far (it keeps printing into the same session after resume). */
	#takeOutput() {
		const printed = parseOutput(this.#callStringUnbounded("takeOutput"));
		return {
			stdout: printed.text,
			stdoutDroppedChars: printed.droppedChars
		};
	}
	#start(code, filename, configurationJson) {
		if (configurationJson !== this.#configurationJson) {
			this.#callVoid("configure", [configurationJson]);
			this.#configurationJson = configurationJson;
		}
		const completion = this.#calls.evalScript(code, filename, 128);
		const exception = this.#calls.takeException(completion);
		if (exception) {
			try {
				this.#callVoid("fail", [exception]);
			} finally {
				this.#calls.freeValue(exception);
			}
			return false;
		}
		try {
			this.#callVoid("track", [completion]);
		} finally {
			this.#calls.freeValue(completion);
		}
		return true;
	}
	/**
	* Runs jobs, host calls and timers until the cell's promise settles; returns the guest's
	* rendering of the result, or why the eval must stop early. Virtual time advances only while
	* no host call is in flight: a program waiting on a tool is not waiting on a timer.
	*/
	async #runUntilSettled(budget, limits, scheduler, host) {
		for (;;) {
			this.#calls.runPendingJobs(() => budget.expired === null);
			if (this.#signal?.aborted) return "cancelled";
			if (budget.check()) return budget.expired;
			const report = parsePollReport(this.#callString("poll"), limits.maxResultChars, limits.maxValueChars);
			if (report.settled) return report;
			if (report.calls.length) {
				const held = this.#holdInterrupts(report.calls, limits, scheduler);
				const { send, rejected } = scheduler.admit(report.calls.filter((call) => !held.has(call.id)));
				if (send.length) host.send(send);
				const overBudget = [...rejected, ...[...held.values()].filter((result) => result !== null)];
				if (overBudget.length) {
					this.#callVoid("settle", [JSON.stringify(overBudget)]);
					continue;
				}
			}
			if (scheduler.busy) {
				const results = await this.#awaitHost(budget, host.receive());
				if (typeof results === "string") return results;
				const more = scheduler.complete(results);
				if (more.length) host.send(more);
				this.#callVoid("settle", [JSON.stringify(results)]);
				continue;
			}
			if (this.#held.length) return "paused";
			if (report.nextTimerAt === null) return "deadlock";
			if (this.#config.clock === "virtual") this.#clockMs = Math.max(this.#clockMs, report.nextTimerAt);
			else {
				const waited = await this.#awaitHost(budget, sleep(Math.max(0, report.nextTimerAt - Date.now())));
				if (typeof waited === "string") return waited;
			}
			this.#callVoid("fireTimer");
		}
	}
	/** Takes the calls named in interruptOn out of the flow; returns them (with a result if over budget). */
	#holdInterrupts(calls, limits, scheduler) {
		const held = /* @__PURE__ */ new Map();
		const interruptOn = limits.interruptOn;
		if (!interruptOn) return held;
		for (const call of calls) {
			const allowedDecisions = interruptOn[call.kind === "task" ? "task" : call.name];
			if (!allowedDecisions) continue;
			const overBudget = scheduler.hold(call);
			held.set(call.id, overBudget);
			if (!overBudget) this.#held.push({
				id: newInterruptId(),
				callId: call.id,
				kind: call.kind,
				name: call.name,
				args: call.args,
				allowedDecisions
			});
		}
		return held;
	}
	/** Waits for the host (results, a real timer) within the wall budget and the abort signal. */
	async #awaitHost(budget, work) {
		const signal = this.#signal;
		if (signal?.aborted) return "cancelled";
		let cleanup = () => {};
		const interrupted = new Promise((resolve) => {
			const timer = setTimeout(() => resolve("wall"), budget.wallRemainingMs());
			const onAbort = () => resolve("cancelled");
			signal?.addEventListener("abort", onAbort, { once: true });
			cleanup = () => {
				clearTimeout(timer);
				signal?.removeEventListener("abort", onAbort);
			};
		});
		try {
			const outcome = await budget.awaitHost(Promise.race([work, interrupted]));
			if (outcome === "wall") budget.expire("wall");
			return outcome;
		} finally {
			cleanup();
		}
	}
	/**
	* The guest rendered the result while polling. An object result is copied for the host under
	* a budget of its own (copying runs getters-free but can still be long): a program that used
	* most of its budget still gets its answer, and a copy that takes too long is dropped.
	*/
	#complete(settled, limits) {
		let outcome = settled.outcome;
		if (outcome.status === "error" && this.#heapExhausted && outcome.errorMessage === "null") outcome = {
			...outcome,
			errorType: "OutOfMemory",
			errorMessage: "out of memory",
			body: "out of memory"
		};
		if (outcome.errorType === "OutOfMemory") this.#checkHeadroom();
		if (!settled.needsCopy) return outcome;
		const copyBudget = new RunBudget(limits.timeoutMs, limits.wallTimeoutMs);
		this.#budget = copyBudget;
		const tooLong = `value not copied: copying took longer than ${limits.timeoutMs} ms`;
		try {
			const copied = parseCopiedValue(this.#callString("copyValue"), limits.maxValueChars);
			return {
				...outcome,
				...copyBudget.expired ? { valueNote: tooLong } : copied
			};
		} catch (error) {
			if (!(error instanceof GuestException)) throw error;
			this.#callStringUnbounded("close");
			return {
				...outcome,
				valueNote: copyBudget.expired ? tooLong : `value not copied: ${error.message}`
			};
		}
	}
	/** Ends an eval that cannot finish normally; keeps what it printed. */
	#stop(reason) {
		const outcome = reason === "deadlock" ? errorOutcome("Deadlock", "the program is waiting for a promise that nothing can settle (no pending timers or host calls)") : reason === "cancelled" ? errorOutcome("Cancelled", "the eval was cancelled") : errorOutcome("Timeout", reason === "cpu" ? `the program ran longer than timeoutMs (${this.#budget?.timeoutMs} ms)` : `the eval took longer than wallTimeoutMs (${this.#budget?.wallTimeoutMs} ms)`, { kind: reason });
		this.#drainAfterStop();
		if (this.#lost) return outcome;
		const printed = parseOutput(this.#callStringUnbounded("close"));
		return {
			...outcome,
			stdout: printed.text,
			stdoutDroppedChars: printed.droppedChars
		};
	}
	/**
	* Jobs queued by a stopped eval must not run in the next one. Run them now with the interrupt
	* still firing, so any job that computes is killed at its first poll; a job chain that never
	* ends means the instance cannot be cleaned and is discarded.
	*/
	#drainAfterStop() {
		this.#budget?.expire("cpu");
		let drained = 0;
		this.#calls.runPendingJobs(() => drained++ < MAX_DRAIN_JOBS, 1);
		if (this.#calls.hasPendingJobs()) this.#discard("promise jobs kept running after the eval was stopped");
	}
	/** Internal calls after a stop run without the interrupt, so they cannot be cut short. */
	#callStringUnbounded(name) {
		const budget = this.#budget;
		this.#budget = null;
		try {
			return this.#callString(name);
		} finally {
			this.#budget = budget;
		}
	}
	#checkHeadroom() {
		try {
			const probe = this.#calls.malloc(OOM_HEADROOM_BYTES);
			this.#calls.free(probe);
		} catch {
			this.#discard("memory stayed exhausted after an out-of-memory error");
		}
	}
	#discard(reason) {
		this.#lost ??= reason;
	}
	#recover(error) {
		if (error instanceof GuestException) {
			if (this.#signal?.aborted) return this.#stop("cancelled");
			const kind = this.#budget?.expired;
			if (kind) return this.#stop(kind);
			if (/out of memory/.test(error.message) || this.#heapExhausted) {
				this.#checkHeadroom();
				return errorOutcome("OutOfMemory", "out of memory");
			}
			this.#discard(`the guest prelude failed: ${error.message}`);
			return errorOutcome("InternalError", `the interpreter failed: ${error.message}`);
		}
		if (error instanceof GuestProtocolError) {
			this.#discard(`the program modified quickbox's guest runtime (${error.message})`);
			return errorOutcome("InternalError", `the program modified the interpreter's own runtime (${error.message}); the thread will restart`);
		}
		if (error instanceof HostAllocationError) {
			this.#checkHeadroom();
			return errorOutcome("OutOfMemory", `out of memory: ${error.message}`);
		}
		if (error instanceof RangeError) {
			this.#discard("the host stack overflowed");
			return errorOutcome("StackOverflow", "Maximum call stack size exceeded");
		}
		const message = error instanceof Error ? error.message : String(error);
		this.#discard(`the interpreter crashed: ${message}`);
		if (this.#heapExhausted) return errorOutcome("OutOfMemory", "out of memory");
		return errorOutcome("InternalError", `the interpreter crashed: ${message}`);
	}
};
/** `int_` + 12 characters of [a-z0-9]: never mistaken for LangGraph's 32-hex interrupt ids. */
function newInterruptId() {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
	return "int_" + Array.from(crypto.getRandomValues(/* @__PURE__ */ new Uint8Array(12)), (byte) => alphabet[byte % 36]).join("");
}
function configurationFor(limits, manifest) {
	return JSON.stringify({
		limits: {
			maxResultChars: limits.maxResultChars,
			maxValueChars: limits.maxValueChars
		},
		tools: manifest.tools,
		subagents: manifest.subagents
	});
}
function pausedOutcome(interrupts) {
	const names = interrupts.map((interrupt) => interrupt.name).join(", ");
	return {
		status: "paused",
		body: `paused: waiting for a decision on ${interrupts.length} call${interrupts.length === 1 ? "" : "s"} (${names})`,
		droppedChars: 0,
		handle: false,
		stdout: "",
		stdoutDroppedChars: 0,
		interrupts
	};
}
var EMPTY_MANIFEST = {
	tools: [],
	subagents: {
		enabled: false,
		types: []
	}
};
/** An internal prelude call threw (interrupt, out of memory, or a prelude bug). */
var GuestException = class extends Error {
	name = "GuestException";
};
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
// src/snapshot/snapshot-keys.ts
function isCryptoKey(value) {
	return typeof CryptoKey !== "undefined" && value instanceof CryptoKey;
}
function keyBytes(input) {
	return typeof input === "string" ? new TextEncoder().encode(input) : new Uint8Array(input);
}
async function hmacKey(input) {
	if (isCryptoKey(input)) return input;
	return crypto.subtle.importKey("raw", keyBytes(input), {
		name: "HMAC",
		hash: "SHA-256"
	}, false, ["sign", "verify"]);
}
async function aesKey(input) {
	if (isCryptoKey(input)) return input;
	const bytes = keyBytes(input);
	if (![
		16,
		24,
		32
	].includes(bytes.length)) throw new Error("encryptionKey must be a CryptoKey or 16, 24 or 32 raw bytes");
	return crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}
// src/snapshot/thread-snapshots.ts
var QUICKBOX_VERSION = "0.1.0";
var imageHashCache = /* @__PURE__ */ new WeakMap();
/** Chunk hashes of the base image, computed once per image. */
function imageHashes(image) {
	let hashes = imageHashCache.get(image);
	if (!hashes) {
		hashes = hashChunks(image.bytes, Math.ceil(image.bytes.length / 128));
		imageHashCache.set(image, hashes);
	}
	return hashes;
}
/** The chunks wholly inside the dead stack region, hashed as the image's (they are never stored). */
function deadStackChunks(image) {
	if (!image.deadStackRange) return void 0;
	const [start, end] = image.deadStackRange;
	const fill = imageHashes(image);
	return {
		firstChunk: Math.ceil(start / 128),
		endChunk: Math.min(Math.floor(end / 128), fill.length / 2),
		fill
	};
}
/** Chunks in use: up to the allocator's break (or the last non-zero byte), at least the image. */
function memoryChunkCount(image, memory) {
	const address = image.breakPointerAddress;
	if (address !== null) {
		const top = new Uint32Array(memory.buffer, address, 1)[0];
		if (top > 0 && top <= memory.length) return Math.max(Math.ceil(top / 128), Math.ceil(image.bytes.length / 128));
	}
	return usedChunks(memory);
}
/**
* `storedHead`: the id the host holds as this thread's latest stored snapshot. A delta is only
* made on top of it, so a failed store write can never leave a delta without its parent.
*/
async function takeSnapshot(thread, threadId, core, context, options) {
	const { memory, state } = thread.exportState();
	const memoryChunks = memoryChunkCount(context.image, memory);
	const hashes = hashChunks(memory, memoryChunks, deadStackChunks(context.image));
	const baseline = thread.snapshotBaseline;
	const fromImage = changedChunks(hashes, imageHashes(context.image));
	let changed = fromImage;
	let kind = "full";
	if (!options.full && baseline !== null && baseline.id === options.storedHead && baseline.deltas < context.maxDeltas) {
		const sinceBaseline = changedChunks(hashes, baseline.hashes);
		if (sinceBaseline.length < fromImage.length) {
			changed = sinceBaseline;
			kind = "delta";
		}
	}
	const chunks = collectChunks(memory, changed);
	const manifest = {
		thread: state,
		core,
		memoryChunks
	};
	const bytes = await encodeSnapshot({
		quickbox: QUICKBOX_VERSION,
		wasmBuild: context.image.profile.id,
		baseImage: context.image.hash,
		threadId,
		kind,
		...kind === "delta" ? { parent: baseline.id } : {},
		createdAt: Date.now(),
		memoryBytes: state.memoryBytes,
		paused: state.pause !== null
	}, manifest, chunks, context.keys);
	const id = await snapshotId(bytes);
	if (!options.keepBaseline) thread.snapshotBaseline = {
		id,
		hashes,
		deltas: kind === "delta" ? baseline.deltas + 1 : 0
	};
	return {
		id,
		bytes,
		header: readSnapshotHeader(bytes)
	};
}
/**
* Restores a thread from its chain: a full snapshot first, then its deltas in order.
* `expectedLastId`, the id the host's head names for the last snapshot, is checked once the
* snapshots passed every check of the codec: each delta's parent id covers the snapshots before
* it, this covers the last one, so that bytes damaged in the store are refused, not restored.
*/
async function restoreSnapshotChain(chain, threadId, config, context, expectedLastId) {
	if (!chain.length) throw new Error("quickbox: empty snapshot chain");
	const expected = {
		wasmBuild: context.image.profile.id,
		baseImage: context.image.hash,
		threadId
	};
	const decoded = [];
	let previousId = null;
	for (const [position, bytes] of chain.entries()) {
		const snapshot = await decodeSnapshot(bytes, expected, context.keys);
		const wanted = position === 0 ? "full" : "delta";
		if (snapshot.header.kind !== wanted || position > 0 && snapshot.header.parent !== previousId) throw new QuickboxError("SNAPSHOT_REJECTED", "snapshot rejected (truncated): the chain of deltas is broken", { reason: "truncated" });
		previousId = await snapshotId(bytes);
		decoded.push(snapshot);
	}
	if (expectedLastId && previousId !== expectedLastId) throw new QuickboxError("SNAPSHOT_REJECTED", `snapshot rejected (truncated): the bytes of snapshot ${expectedLastId.slice(0, 12)}… do not match its id (damaged in the store)`, { reason: "truncated" });
	const last = decoded[decoded.length - 1];
	const memoryChunks = Math.max(0, ...decoded.map((snapshot) => snapshot.manifest.memoryChunks ?? 0));
	const thread = await QuickJSThread.restore(context.image, config, last.manifest.thread, decoded.map((snapshot) => snapshot.chunks), memoryChunks * 128);
	let count = imageHashes(context.image).length / 2;
	for (const { chunks } of decoded) for (let i = 0; i < chunks.runs.length; i += 2) count = Math.max(count, chunks.runs[i] + chunks.runs[i + 1]);
	const hashes = resizeHashes(imageHashes(context.image), count);
	for (const { chunks } of decoded) hashAppliedChunks(hashes, chunks);
	thread.snapshotBaseline = {
		id: previousId,
		hashes,
		deltas: decoded.length - 1
	};
	return {
		thread,
		core: last.manifest.core,
		paused: last.header.paused
	};
}
// src/wire-format.ts
/**
* The text the model reads (DESIGN.md §5): optional <stdout>, then exactly one <result> or
* <error>. Every body is escaped, so guest text can never forge or close a tag.
*/
function escapeBody(text) {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function escapeAttribute(text) {
	return escapeBody(text).replace(/"/g, "&quot;");
}
function truncationSuffix(droppedChars) {
	return droppedChars > 0 ? `… [truncated ${droppedChars} chars]` : "";
}
function renderWire(stdout, main) {
	const parts = [];
	if (stdout !== null) parts.push(`<stdout>\n${escapeBody(stdout)}\n</stdout>`);
	if (main.kind === "paused") {
		parts.push(`<paused>${escapeBody(main.body)}</paused>`);
		return parts.join("\n");
	}
	const body = escapeBody(main.body) + truncationSuffix(main.droppedChars);
	if (main.kind === "result") parts.push(main.handle ? `<result kind="handle">${body}</result>` : `<result>${body}</result>`);
	else parts.push(`<error type="${escapeAttribute(main.type)}">${body}</error>`);
	return parts.join("\n");
}
// src/core/eval-result.ts
/** Turns an engine outcome into the public EvalResult: wire text, structured value, error. */
var VALUE_REVIVERS = {
	Handle: (text) => ({ $handle: text }),
	Err: (error) => error,
	Obj: (object) => object,
	ArrayBuffer: (data) => Uint8Array.from(atob(data.base64), (char) => char.charCodeAt(0)).buffer
};
/** Console text as the model sees it: the final newline dropped, the cut marked. */
function stdoutBody(outcome) {
	if (!outcome.stdout && !outcome.stdoutDroppedChars) return null;
	if (outcome.stdoutDroppedChars === 0) return outcome.stdout.replace(/\n$/, "");
	return outcome.stdout + truncationSuffix(outcome.stdoutDroppedChars - 1);
}
function toEvalResult(outcome, context) {
	const stdout = context.captureConsole ? stdoutBody(outcome) : null;
	const text = renderWire(stdout, outcome.status === "ok" ? {
		kind: "result",
		body: outcome.body,
		droppedChars: outcome.droppedChars,
		handle: outcome.handle
	} : outcome.status === "paused" ? {
		kind: "paused",
		body: outcome.body
	} : {
		kind: "error",
		type: outcome.errorType ?? "Error",
		body: outcome.body,
		droppedChars: outcome.droppedChars
	});
	const warnings = [...context.warnings];
	const result = {
		status: outcome.status,
		text,
		stdout: stdout ?? "",
		toolCalls: context.toolCalls,
		durationMs: context.durationMs
	};
	if (outcome.status === "paused") result.interrupts = (outcome.interrupts ?? []).map((interrupt) => ({
		id: interrupt.id,
		kind: interrupt.kind,
		name: interrupt.name,
		args: JSON.parse(interrupt.args),
		allowedDecisions: [...interrupt.allowedDecisions]
	}));
	else if (outcome.status === "ok") {
		if (outcome.value !== void 0) result.value = parse$1(outcome.value, VALUE_REVIVERS);
		if (outcome.valueNote) warnings.push(outcome.valueNote);
	} else result.error = {
		type: outcome.errorType ?? "Error",
		message: outcome.errorMessage ?? outcome.body,
		...outcome.errorStack ? { stack: outcome.errorStack } : {},
		...outcome.errorDetails ? { details: outcome.errorDetails } : {}
	};
	if (warnings.length) result.warnings = warnings;
	return result;
}
// src/core/serial-queue.ts
/** Runs tasks for one key strictly one at a time, in call order; different keys run concurrently. */
var SerialQueues = class {
	#tails = /* @__PURE__ */ new Map();
	#depth = /* @__PURE__ */ new Map();
	run(key, task) {
		const previous = this.#tails.get(key) ?? Promise.resolve();
		this.#depth.set(key, (this.#depth.get(key) ?? 0) + 1);
		const result = previous.then(task, task);
		const tail = result.then(() => void 0, () => void 0);
		this.#tails.set(key, tail);
		tail.then(() => {
			const depth = (this.#depth.get(key) ?? 1) - 1;
			if (depth === 0) {
				this.#depth.delete(key);
				if (this.#tails.get(key) === tail) this.#tails.delete(key);
			} else this.#depth.set(key, depth);
		});
		return result;
	}
	/** True while a task for `key` is running or queued. */
	busy(key) {
		return (this.#depth.get(key) ?? 0) > 0;
	}
};
// src/core/interpreter-core.ts
/** Cells larger than this are refused before any parsing (the host parses TypeScript). */
var MAX_CODE_CHARS = 4 * 2 ** 20;
function simpleError(type, message) {
	return {
		status: "error",
		body: message,
		droppedChars: 0,
		handle: false,
		errorType: type,
		errorMessage: message,
		stdout: "",
		stdoutDroppedChars: 0
	};
}
async function snapshotKeys(options) {
	return {
		...options.snapshotSigningKey !== void 0 ? { signing: await hmacKey(options.snapshotSigningKey) } : {},
		...options.encryptionKey !== void 0 ? { encryption: await aesKey(options.encryptionKey) } : {}
	};
}
var InterpreterCore = class {
	#options;
	#manifest;
	#image;
	#snapshots;
	#threads = /* @__PURE__ */ new Map();
	/** Threads whose instance was discarded: the next eval says it starts fresh. */
	#restartNotes = /* @__PURE__ */ new Map();
	#queues = new SerialQueues();
	#disposal = new AbortController();
	/** Called when a thread's instance is lost (its next eval starts fresh). */
	onThreadLost = () => {};
	constructor(options, manifest, image, keys) {
		this.#options = options;
		this.#manifest = manifest;
		this.#image = image;
		this.#snapshots = {
			image,
			keys,
			maxDeltas: 16
		};
	}
	get baseImageHash() {
		return this.#image.hash;
	}
	#assertAlive() {
		if (this.#disposal.signal.aborted) throw new QuickboxError("DISPOSED", "this interpreter was disposed");
	}
	#limits(signal, pollCancel) {
		const options = this.#options;
		return {
			...pollCancel ? { pollCancel } : {},
			timeoutMs: options.timeoutMs,
			wallTimeoutMs: options.wallTimeoutMs,
			maxResultChars: options.maxResultChars,
			maxValueChars: options.maxToolPayloadBytes,
			maxToolCalls: options.maxToolCalls,
			maxConcurrentToolCalls: options.maxConcurrentToolCalls,
			maxTaskCalls: options.maxTaskCalls,
			maxConcurrentTasks: options.maxConcurrentTasks,
			interruptOn: options.interruptOn,
			signal
		};
	}
	/** Follows the caller's signal and the interpreter's disposal (AbortSignal.any costs more than a small eval). */
	#evalSignal(userSignal) {
		if (!userSignal) return {
			signal: this.#disposal.signal,
			release: () => {}
		};
		const combined = new AbortController();
		const abort = () => combined.abort();
		if (userSignal.aborted) combined.abort();
		userSignal.addEventListener("abort", abort, { once: true });
		this.#disposal.signal.addEventListener("abort", abort, { once: true });
		return {
			signal: combined.signal,
			release: () => {
				userSignal.removeEventListener("abort", abort);
				this.#disposal.signal.removeEventListener("abort", abort);
			}
		};
	}
	async eval(request, host) {
		this.#assertAlive();
		return this.#queues.run(request.threadId, () => this.#evalNow(request, host));
	}
	async resume(request, host) {
		this.#assertAlive();
		return this.#queues.run(request.threadId, () => this.#resumeNow(request, host));
	}
	async #evalNow(request, host) {
		const startedAt = performance.now();
		const warnings = [];
		const { code, threadId } = request;
		const reply = (outcome) => this.#reply(threadId, outcome, startedAt, warnings, request.persist);
		if (code.length > MAX_CODE_CHARS) return reply(simpleError("RangeError", `the code is too large (${code.length} characters; at most ${MAX_CODE_CHARS})`));
		if (this.#disposal.signal.aborted) return reply(simpleError("Cancelled", "the interpreter was disposed"));
		let record;
		try {
			record = await this.#threadFor(threadId, warnings, request.restore, request.persist?.storedHead);
		} catch (error) {
			if (!isQuickboxError(error) || error.code !== "SNAPSHOT_REJECTED") throw error;
			return reply(simpleError("SnapshotError", error.message));
		}
		if (record.thread.pause) throw new QuickboxError("THREAD_PAUSED", `thread "${threadId}" is paused waiting for decisions; resume it (or reset it) first`);
		if (request.skills) record.thread.addSkills(request.skills);
		const { signal, release } = this.#evalSignal(request.signal);
		try {
			const limits = this.#limits(signal, request.pollCancel);
			record.cells++;
			let cell = transformCell(code);
			const filename = () => `cell-${record.cells}.${cell.language === "typescript" ? "ts" : "js"}`;
			let outcome = await record.thread.eval(cell.code, filename(), limits, this.#manifest, host);
			if (outcome.compileFailed && !cell.parsed && !outcome.instanceLost) {
				cell = transformCell(code, { full: true });
				outcome = await record.thread.eval(cell.code, filename(), limits, this.#manifest, host);
			}
			return await reply(outcome);
		} finally {
			release();
		}
	}
	async #resumeNow(request, host) {
		const startedAt = performance.now();
		const warnings = [];
		const record = await this.#threadFor(request.threadId, warnings, request.restore, request.persist?.storedHead);
		if (!record.thread.pause) throw new QuickboxError("NOT_PAUSED", `thread "${request.threadId}" is not paused`);
		const { signal, release } = this.#evalSignal(request.signal);
		try {
			const outcome = await record.thread.resume(request.decisions, this.#limits(signal, request.pollCancel), this.#manifest, host);
			return await this.#reply(request.threadId, outcome, startedAt, warnings, request.persist);
		} finally {
			release();
		}
	}
	async #reply(threadId, outcome, startedAt, warnings, persist) {
		if (outcome.instanceLost) {
			this.#threads.delete(threadId);
			this.#restartNotes.set(threadId, outcome.instanceLost);
			warnings.push(`the thread's state was lost (${outcome.instanceLost}); its next eval restores its last stored snapshot, or starts fresh`);
			this.onThreadLost(threadId, outcome.instanceLost);
		}
		const reply = { result: toEvalResult(outcome, {
			captureConsole: this.#options.captureConsole,
			durationMs: performance.now() - startedAt,
			toolCalls: outcome.toolCalls ?? 0,
			warnings
		}) };
		const record = this.#threads.get(threadId);
		if (record && (outcome.status === "paused" || persist)) try {
			reply.snapshot = await takeSnapshot(record.thread, threadId, { cells: record.cells }, this.#snapshots, { storedHead: persist?.storedHead ?? null });
		} catch (error) {
			reply.snapshotError = error instanceof Error ? error.message : String(error);
		}
		if (this.#options.mode === "call" && outcome.status !== "paused") {
			record?.thread.release();
			this.#threads.delete(threadId);
		}
		return reply;
	}
	/** `storedHead`: the id of the chain's last snapshot, as the host's head names it (checked). */
	async #threadFor(threadId, warnings, restore, storedHead) {
		const existing = this.#threads.get(threadId);
		if (existing) return existing;
		const config = {
			memoryLimitBytes: this.#options.memoryLimitBytes,
			maxStackSizeBytes: this.#options.maxStackSizeBytes,
			clock: this.#options.clock,
			...this.#options.randomSeed === void 0 ? {} : { randomSeed: this.#options.randomSeed }
		};
		let record;
		if (restore?.length) {
			const restored = await restoreSnapshotChain(restore, threadId, config, this.#snapshots, storedHead);
			record = {
				thread: restored.thread,
				cells: restored.core.cells
			};
		} else record = {
			thread: await QuickJSThread.create(this.#image, config),
			cells: 0
		};
		this.#threads.set(threadId, record);
		const note = this.#restartNotes.get(threadId);
		if (note) {
			this.#restartNotes.delete(threadId);
			warnings.push(restore?.length ? `thread was restarted from its last snapshot (${note})` : `thread was restarted with a fresh state (${note})`);
		}
		return record;
	}
	/** Writes a snapshot now (explicit snapshot(), hibernation). */
	async snapshot(threadId, options) {
		this.#assertAlive();
		return this.#queues.run(threadId, async () => {
			const record = await this.#threadFor(threadId, [], options.restore, options.storedHead);
			return takeSnapshot(record.thread, threadId, { cells: record.cells }, this.#snapshots, {
				storedHead: options.storedHead,
				...options.full ? { full: true } : {}
			});
		});
	}
	/** Copies `from` (live, or restored from `restore`) into a new thread `to`; returns `to`'s full snapshot. */
	async fork(from, to, options) {
		this.#assertAlive();
		if (this.#threads.has(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
		const source = await this.#queues.run(from, async () => {
			const record = await this.#threadFor(from, [], options.restore, options.storedHead);
			return {
				snapshot: await takeSnapshot(record.thread, from, { cells: record.cells }, this.#snapshots, {
					storedHead: null,
					full: true,
					keepBaseline: true
				}),
				cells: record.cells
			};
		});
		return this.#queues.run(to, async () => {
			if (this.#threads.has(to)) throw new QuickboxError("THREAD_EXISTS", `thread "${to}" already exists`);
			const record = {
				thread: (await restoreSnapshotChain([source.snapshot.bytes], from, {
					memoryLimitBytes: this.#options.memoryLimitBytes,
					maxStackSizeBytes: this.#options.maxStackSizeBytes,
					clock: this.#options.clock
				}, this.#snapshots)).thread,
				cells: source.cells
			};
			this.#threads.set(to, record);
			return takeSnapshot(record.thread, to, { cells: record.cells }, this.#snapshots, {
				storedHead: null,
				full: true
			});
		});
	}
	/** Forgets a live thread (hibernation, reset); its snapshots are the host's business. */
	async drop(threadId) {
		await this.#queues.run(threadId, async () => {
			this.#threads.get(threadId)?.thread.release();
			this.#threads.delete(threadId);
			this.#restartNotes.delete(threadId);
		});
	}
	async reset(threadId) {
		this.#assertAlive();
		await this.drop(threadId);
	}
	/** Marks threads whose state was lost outside the engine (a restarted worker). */
	noteLost(threadId, reason) {
		this.#threads.delete(threadId);
		this.#restartNotes.set(threadId, reason);
	}
	async threads() {
		this.#assertAlive();
		return [...this.#threads.entries()].map(([threadId, record]) => {
			const pause = record.thread.pause;
			return {
				threadId,
				state: pause ? "paused" : this.#queues.busy(threadId) ? "busy" : "idle",
				pendingInterrupts: pause?.interrupts.length ?? 0
			};
		});
	}
	dispose() {
		this.#disposal.abort();
		this.#threads.clear();
		this.#restartNotes.clear();
	}
	get disposed() {
		return this.#disposal.signal.aborted;
	}
};
// src/core/engine-bootstrap.ts
/** Builds the engine side (base image + InterpreterCore) wherever it runs: inline or in a worker. */
var compiledDefault;
function defaultWasmModule() {
	compiledDefault ??= RELEASE_BUILD.compileDefault().catch((error) => {
		compiledDefault = void 0;
		throw error;
	});
	return compiledDefault;
}
async function createEngine(options, manifest, wasmModule) {
	return new InterpreterCore(options, manifest, await getBaseImage(RELEASE_BUILD, wasmModule ?? await defaultWasmModule()), await snapshotKeys(options));
}
// src/core/inbox.ts
/** A queue one consumer awaits: `receive()` resolves with everything pushed since the last one. */
var Inbox = class {
	#items = [];
	#waiter = null;
	push(items) {
		if (!items.length) return;
		if (this.#waiter) {
			const waiter = this.#waiter;
			this.#waiter = null;
			waiter(items);
			return;
		}
		this.#items.push(...items);
	}
	receive() {
		if (this.#items.length) {
			const items = this.#items;
			this.#items = [];
			return Promise.resolve(items);
		}
		return new Promise((resolve) => {
			this.#waiter = resolve;
		});
	}
};
// src/transport/protocol.ts
var isRecord = (value) => typeof value === "object" && value !== null;
var isId = (value) => typeof value === "number" && Number.isSafeInteger(value) && value > 0;
function isHostToWorker(value) {
	if (!isRecord(value)) return false;
	switch (value.t) {
		case "eval": return isId(value.id) && typeof value.threadId === "string" && typeof value.code === "string";
		case "resume": return isId(value.id) && typeof value.threadId === "string" && Array.isArray(value.decisions);
		case "results": return isId(value.id) && Array.isArray(value.results) && value.results.every((r) => isRecord(r) && typeof r.id === "string" && typeof r.ok === "boolean");
		case "cancel": return isId(value.id);
		default: return false;
	}
}
function isWorkerToHost(value) {
	if (!isRecord(value)) return false;
	switch (value.t) {
		case "calls": return isId(value.id) && Array.isArray(value.calls) && value.calls.every((c) => isRecord(c) && typeof c.id === "string" && (c.kind === "tool" || c.kind === "task") && typeof c.name === "string" && typeof c.args === "string");
		case "done": return isId(value.id) && isRecord(value.reply) && isRecord(value.reply.result) && typeof value.reply.result.text === "string";
		case "failed": return isId(value.id) && isRecord(value.error) && typeof value.error.message === "string";
		case "lost": return typeof value.threadId === "string" && typeof value.reason === "string";
		case "heartbeat": return true;
		default: return false;
	}
}
/** Errors cross comlink as { name, message } only; QuickboxError's code travels explicitly. */
function toWireError(error) {
	if (isRecord(error)) return {
		name: typeof error.name === "string" ? error.name : "Error",
		message: typeof error.message === "string" ? error.message : String(error),
		...typeof error.code === "string" ? { code: error.code } : {},
		...typeof error.reason === "string" ? { reason: error.reason } : {}
	};
	return {
		name: "Error",
		message: String(error)
	};
}
// src/transport/port-listener.ts
function listen(port, onData) {
	const nodePort = port;
	if (typeof nodePort.on === "function") {
		nodePort.on("message", onData);
		return;
	}
	port.addEventListener("message", (event) => onData(event.data));
	port.start();
}
export { Inbox as a, renderWire as c, toWireError as i, detectRuntime as l, isHostToWorker as n, createEngine as o, isWorkerToHost as r, SerialQueues as s, listen as t, MIN_MEMORY_BYTES as u };
