/**
 * Metadata as other generators write it, from their documented or published formats (issue #27):
 * A1111's `parameters` text, ComfyUI's API graph (`prompt`) and editor graph (`workflow`), and
 * InvokeAI's `invokeai_metadata`. Shared by the unit tests and the Pillow-written fixtures.
 */
export const A1111_TEXT =
  'masterpiece, 1girl, (cherry blossoms:1.2)\n' +
  'Negative prompt: worst quality, lowres\n' +
  'Steps: 24, Sampler: DPM++ 2M Karras, CFG scale: 6.5, Seed: 3456789, Size: 512x768, ' +
  'Model hash: 879db523c3, Model: dreamshaper_8, Denoising strength: 0.45, ' +
  'Hires upscale: 2, Lora hashes: "detail: 0a1b2c, style: 3d4e5f", Version: v1.9.4'

/** ComfyUI's API graph: node id → {class_type, inputs}; a link is [nodeId, outputIndex]. */
export const COMFY_PROMPT = {
  '3': {
    class_type: 'KSampler',
    inputs: {
      seed: 156680208700286,
      steps: 20,
      cfg: 8,
      sampler_name: 'euler',
      scheduler: 'normal',
      denoise: 1,
      model: ['4', 0],
      positive: ['6', 0],
      negative: ['7', 0],
      latent_image: ['5', 0],
    },
  },
  '4': {
    class_type: 'CheckpointLoaderSimple',
    inputs: { ckpt_name: 'v1-5-pruned-emaonly.safetensors' },
  },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 640, batch_size: 1 } },
  '6': {
    class_type: 'CLIPTextEncode',
    inputs: { text: 'beautiful scenery nature glass bottle', clip: ['4', 1] },
  },
  '7': { class_type: 'CLIPTextEncode', inputs: { text: 'text, watermark', clip: ['4', 1] } },
  '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
}

/** ComfyUI's editor graph for the same picture (links: [id, from, fromSlot, to, toSlot, type]). */
export const COMFY_WORKFLOW = {
  last_node_id: 9,
  last_link_id: 9,
  nodes: [
    {
      id: 3,
      type: 'KSampler',
      inputs: [
        { name: 'model', type: 'MODEL', link: 1 },
        { name: 'positive', type: 'CONDITIONING', link: 4 },
        { name: 'negative', type: 'CONDITIONING', link: 6 },
        { name: 'latent_image', type: 'LATENT', link: 2 },
      ],
      widgets_values: [156680208700286, 'randomize', 20, 8, 'euler', 'normal', 1],
    },
    {
      id: 4,
      type: 'CheckpointLoaderSimple',
      inputs: [],
      widgets_values: ['v1-5-pruned-emaonly.safetensors'],
    },
    { id: 5, type: 'EmptyLatentImage', inputs: [], widgets_values: [512, 640, 1] },
    {
      id: 6,
      type: 'CLIPTextEncode',
      inputs: [{ name: 'clip', type: 'CLIP', link: 3 }],
      widgets_values: ['beautiful scenery nature glass bottle'],
    },
    {
      id: 7,
      type: 'CLIPTextEncode',
      inputs: [{ name: 'clip', type: 'CLIP', link: 5 }],
      widgets_values: ['text, watermark'],
    },
  ],
  links: [
    [1, 4, 0, 3, 0, 'MODEL'],
    [2, 5, 0, 3, 3, 'LATENT'],
    [3, 4, 1, 6, 0, 'CLIP'],
    [4, 6, 0, 3, 1, 'CONDITIONING'],
    [5, 4, 1, 7, 0, 'CLIP'],
    [6, 7, 0, 3, 2, 'CONDITIONING'],
  ],
  version: 0.4,
}

/** InvokeAI 3.x/4.x `invokeai_metadata`. */
export const INVOKEAI_METADATA = {
  generation_mode: 'sdxl_txt2img',
  positive_prompt: 'a red fox in the snow, photograph',
  negative_prompt: 'cartoon',
  width: 1024,
  height: 768,
  seed: 987654321,
  rand_device: 'cpu',
  cfg_scale: 7.5,
  cfg_rescale_multiplier: 0,
  steps: 30,
  scheduler: 'dpmpp_2m_k',
  model: { key: 'a1b2', hash: 'blake3:00', name: 'Juggernaut XL v9', base: 'sdxl', type: 'main' },
  app_version: '4.2.4',
}

/** The fields each fixture must read back into (what the tools wrote, in form terms). */
export const A1111_FIELDS = {
  source: 'a1111',
  prompt: 'masterpiece, 1girl, (cherry blossoms:1.2)',
  negativePrompt: 'worst quality, lowres',
  steps: 24,
  sampler: 'DPM++ 2M Karras',
  guidance: 6.5,
  seed: 3456789,
  width: 512,
  height: 768,
}
export const COMFY_FIELDS = {
  source: 'comfyui',
  prompt: 'beautiful scenery nature glass bottle',
  negativePrompt: 'text, watermark',
  seed: 156680208700286,
  steps: 20,
  guidance: 8,
  sampler: 'euler',
  width: 512,
  height: 640,
  foreignModel: 'v1-5-pruned-emaonly.safetensors',
}
export const INVOKEAI_FIELDS = {
  source: 'invokeai',
  prompt: 'a red fox in the snow, photograph',
  negativePrompt: 'cartoon',
  seed: 987654321,
  steps: 30,
  guidance: 7.5,
  sampler: 'dpmpp_2m_k',
  width: 1024,
  height: 768,
  foreignModel: 'Juggernaut XL v9',
}
