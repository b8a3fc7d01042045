from typing import List, Dict, Optional, Union, Tuple, Any, Callable, TypeVar
T = TypeVar("T")
def first(xs: List[T]) -> Optional[T]:
    return xs[0] if xs else None
def merge(a: Dict[str, int], b: Dict[str, int]) -> Dict[str, int]:
    return {**a, **b}
def apply(f: Callable[[int], int], v: Union[int, str]) -> Tuple[int, Any]:
    return f(int(v)), v
print(first([3, 4]), first([]))
print(merge({"a": 1}, {"b": 2, "a": 3}))
print(apply(lambda x: x + 1, "41"))
print(first.__annotations__["return"])
